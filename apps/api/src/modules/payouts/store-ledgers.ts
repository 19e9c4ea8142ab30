import {
  asCents,
  carriedFrom,
  lateRefundDeltas,
  lateRefundPeriod,
  nextPeriod,
  payoutLedger,
  payoutPeriodOf,
  sumCents,
  type Cents,
  type Currency,
  type PaidPeriod,
  type PayoutCentsAdjustment,
  type PayoutCentsInput,
  type PayoutCentsLedger,
  type PayoutPeriod,
} from '@marketplace/shared';
import type { StoreOrdersService } from '../store-orders/store-orders.service';
import type { PayoutRow, PayoutsRepository } from './payouts.repository';

/** A refund after its order's payout that no later payout settled yet. */
export interface UnsettledRefund {
  refundId: string;
  currency: Currency;
  amountCents: Cents;
  period: PayoutPeriod;
  original: PayoutRow;
}

/** A CARRIED payout's balance below zero that no later payout took yet. */
export interface UntakenBalance {
  fromPayoutId: string;
  currency: Currency;
  amountCents: Cents;
  /** Where the ledger shows it until a payout takes it. */
  period: PayoutPeriod;
}

/** One store's ledger (in cents; `payoutLedgerView` writes it) and what a run needs besides it. */
export interface StoreLedger {
  ledger: PayoutCentsLedger;
  /** Store orders not paid yet, with the refunds counted in their lines. */
  unpaid: { input: PayoutCentsInput; refundIds: string[] }[];
  unsettled: UnsettledRefund[];
  untaken: UntakenBalance[];
  payouts: PayoutRow[];
}

/** The currencies a store has something in for `period`: its lines, payouts and balances. */
export function currenciesOf(entry: StoreLedger, period: PayoutPeriod): Currency[] {
  const currencies = new Set<Currency>([
    ...entry.ledger.periods.filter((p) => p.start === period.start).map((p) => p.currency),
    ...entry.payouts
      .filter((p) => p.periodStart === period.start)
      .map((p) => p.currency as Currency),
    ...entry.untaken.filter((b) => b.period.start <= period.start).map((b) => b.currency),
  ]);
  return [...currencies].sort();
}

/**
 * What a store is owed for a period and currency no run froze yet: the period's net, with the
 * late refunds and balances shown in an earlier period no run froze (taken here too).
 */
export function owedOf(entry: StoreLedger, period: PayoutPeriod, currency: Currency) {
  const total = entry.ledger.periods.find(
    (p) => p.start === period.start && p.currency === currency,
  );
  const earlierCarried = entry.unsettled
    .filter((r) => r.currency === currency && r.period.start < period.start)
    .map((r) => r.amountCents);
  const earlierBalances = entry.untaken
    .filter((b) => b.currency === currency && b.period.start < period.start)
    .map((b) => b.amountCents);
  return {
    netCents: sumCents(total?.netCents ?? 0, ...earlierCarried, ...earlierBalances),
    carriedRefunds: entry.unsettled.filter(
      (r) => r.currency === currency && r.period.start <= period.start,
    ),
    takenBalances: entry.untaken.filter(
      (b) => b.currency === currency && b.period.start <= period.start,
    ),
  };
}

/** Each store's ledger: its orders and refunds (from the store-orders module), fees and payouts. */
export class StoreLedgers {
  constructor(
    private readonly deps: { repository: PayoutsRepository; storeOrders: StoreOrdersService },
  ) {}

  /**
   * Each store's ledger, read for all of them at once: their orders and refunds (from the
   * orders module), their listing fees, payouts and settled refunds.
   */
  async of(storeIds: string[]): Promise<Map<string, StoreLedger>> {
    const { repository, storeOrders } = this.deps;
    const [sources, fees, payoutRows] = await Promise.all([
      storeOrders.payoutSources(storeIds),
      repository.feesOfStores(storeIds),
      repository.payoutsOfStores(storeIds),
    ]);
    const [lines, settled, carries] = await Promise.all([
      repository.linesOf(payoutRows.map((p) => p.id)),
      repository.settledRefundsOf(sources.refunds.map((r) => r.id)),
      repository.carriesFrom(payoutRows.filter((p) => p.status === 'CARRIED').map((p) => p.id)),
    ]);
    const carryFrom = new Map(carries.map((carry) => [carry.fromPayoutId, carry]));
    const lineOf = new Map(lines.map((line) => [line.storeOrderId, line]));
    const settledOf = new Map(settled.map((row) => [row.refundId, row]));
    const payoutById = new Map(payoutRows.map((p) => [p.id, p]));
    const push = <T>(map: Map<string, T[]>, id: string, value: T) => {
      const list = map.get(id);
      if (list) list.push(value);
      else map.set(id, [value]);
    };
    const refundsOf = new Map<string, typeof sources.refunds>();
    for (const refund of sources.refunds) push(refundsOf, refund.storeOrderId, refund);

    const result = new Map<string, StoreLedger>();
    const state = (storeId: string) => {
      let entry = result.get(storeId);
      if (!entry) {
        entry = {
          ledger: { lines: [], adjustments: [], periods: [] },
          unpaid: [],
          unsettled: [],
          untaken: [],
          payouts: payoutRows.filter((p) => p.storeId === storeId),
        };
        result.set(storeId, entry);
      }
      return entry;
    };
    const inputs = new Map<string, PayoutCentsInput[]>();
    const adjustments = new Map<string, PayoutCentsAdjustment[]>();
    for (const storeId of storeIds) state(storeId);

    for (const { storeId, ...order } of sources.orders) {
      const entry = state(storeId);
      const refunds = refundsOf.get(order.storeOrderId) ?? [];
      const line = lineOf.get(order.storeOrderId);
      if (!line) {
        const input = { ...order, refundedCents: sumCents(...refunds.map((r) => r.amountCents)) };
        push(inputs, storeId, input);
        entry.unpaid.push({ input, refundIds: refunds.map((r) => r.id) });
        continue;
      }
      const input = { ...order, refundedCents: line.refundedCents };
      push(inputs, storeId, input);
      const original = payoutById.get(line.payoutId)!;
      const late = refunds.filter((r) => settledOf.get(r.id)?.kind !== 'COUNTED');
      for (const delta of lateRefundDeltas(input, late)) {
        const settledRow = settledOf.get(delta.id);
        const description = `#${order.reference}`;
        if (settledRow?.kind === 'REVERSED') {
          push(adjustments, storeId, {
            kind: 'REFUND_REVERSED',
            date: delta.at,
            currency: order.currency,
            amountCents: settledRow.amountCents,
            description: `${description} (${settledRow.reversalId ?? original.reference ?? ''})`,
            period: lateRefundPeriod(order.placedAt, delta.at),
          });
        } else if (settledRow?.kind === 'CARRIED') {
          const carrier = payoutById.get(settledRow.payoutId)!;
          push(adjustments, storeId, {
            kind: 'REFUND_AFTER_PAYOUT',
            date: delta.at,
            currency: order.currency,
            amountCents: settledRow.amountCents,
            description,
            period: { start: carrier.periodStart, end: carrier.periodEnd },
          });
        } else {
          // Not settled yet: shown in the first period of the store not paid yet.
          let period = lateRefundPeriod(order.placedAt, delta.at);
          const paidPeriods = new Set(
            entry.payouts.filter((p) => p.currency === order.currency).map((p) => p.periodStart),
          );
          while (paidPeriods.has(period.start)) period = nextPeriod(period);
          push(adjustments, storeId, {
            kind: 'REFUND_AFTER_PAYOUT',
            date: delta.at,
            currency: order.currency,
            amountCents: delta.amountCents,
            description,
            period,
          });
          entry.unsettled.push({
            refundId: delta.id,
            currency: order.currency,
            amountCents: delta.amountCents,
            period,
            original,
          });
        }
      }
    }
    // Balances below zero: in the period of the payout that took them, or else the first one
    // after theirs that no run froze yet.
    for (const carried of payoutRows) {
      if (carried.status !== 'CARRIED' || carried.amountCents >= 0) continue;
      const entry = state(carried.storeId);
      const currency = carried.currency as Currency;
      const from = { start: carried.periodStart, end: carried.periodEnd };
      const taker = carryFrom.get(carried.id);
      let period = nextPeriod(from);
      if (taker) {
        const into = payoutById.get(taker.intoPayoutId)!;
        period = { start: into.periodStart, end: into.periodEnd };
      } else {
        const frozen = new Set(
          entry.payouts.filter((p) => p.currency === currency).map((p) => p.periodStart),
        );
        while (frozen.has(period.start)) period = nextPeriod(period);
        entry.untaken.push({
          fromPayoutId: carried.id,
          currency,
          amountCents: carried.amountCents,
          period,
        });
      }
      push(adjustments, carried.storeId, {
        kind: 'BALANCE_CARRIED',
        date: `${period.start}T00:00:00.000Z`,
        currency,
        amountCents: carried.amountCents,
        description: carriedFrom(from),
        period,
      });
    }
    for (const fee of fees) {
      push(adjustments, fee.storeId, {
        kind: 'LISTING_FEE',
        date: fee.createdAt.toISOString(),
        currency: fee.currency as Currency,
        amountCents: asCents(-fee.feeCents),
        description: `${fee.itemName} (listing ${fee.number})`,
        period: payoutPeriodOf(fee.createdAt),
      });
    }
    for (const [storeId, entry] of result) {
      const paid: PaidPeriod[] = entry.payouts.map((p) => ({
        periodStart: p.periodStart,
        currency: p.currency as Currency,
        status: p.status as PaidPeriod['status'],
        amountCents: p.amountCents,
        reference: p.reference,
        paidAt: p.paidAt?.toISOString() ?? null,
      }));
      entry.ledger = payoutLedger(inputs.get(storeId) ?? [], adjustments.get(storeId) ?? [], paid);
    }
    return result;
  }
}
