import {
  Conflict,
  NotFound,
  PAYOUT_MESSAGES as M,
  PAYOUT_PERIOD_ANCHOR,
  asCents,
  payoutLedgerView,
  payoutPeriodOf,
  periodEndingOn,
  statementCsv,
  type Cents,
  type Currency,
  type Locale,
  type PayoutPeriod,
  type PayoutPreview,
  type DuePayouts,
  type PayoutRun,
  type PayoutRunStoreResult,
  type StorePayoutLedger,
} from '@marketplace/shared';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Listener } from '../../lib/events';
import type { ItemEvents } from '../items/items.service';
import type { PayoutTransfer } from '../../providers/payouts/payout-provider';
import type { StoreOrdersService } from '../store-orders/store-orders.service';
import type { PayoutRunRow } from './payouts.repository';
import { translatorFor } from '../../lib/translator';
import { PayoutAccounts, type PayoutAccountsDeps } from './payout-accounts';
import { renderStatementPdf } from './statement-pdf';
import {
  previewView,
  runResultView,
  type PreviewCentsLine,
  type RunCentsResult,
} from './payout-views';
import { currenciesOf, owedOf, StoreLedgers, type StoreLedger } from './store-ledgers';

export interface PayoutsDeps extends PayoutAccountsDeps {
  /** A product listed: its listing fee is recorded in the same transaction (issue 17). */
  itemEvents: Listener<ItemEvents>;
  storeOrders: StoreOrdersService;
}

const day = (date: string) => new Date(`${date}T00:00:00Z`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a run holds its period without renewing its claim (it renews before each transfer):
 * a run that died frees the period after this.
 */
const CLAIM_LEASE_MS = 120_000;
/** How long a second run waits for the first before its 409 (less than the 30 s socket timeout). */
const RUN_WAIT_MS = 20_000;
const RUN_POLL_MS = 100;
/** How many ended periods back the console looks for payouts due (12 weeks). */
const DUE_LOOKBACK_PERIODS = 6;
const DAY_MS = 86_400_000;
/** The period before `period`. */
const previousPeriod = (period: PayoutPeriod) =>
  payoutPeriodOf(new Date(day(period.start).getTime() - DAY_MS));

/** One store's transfer of one period and currency, under its one idempotency key. */
function transferFor(
  storeId: string,
  storeName: string,
  period: PayoutPeriod,
  currency: Currency,
  amountCents: Cents,
  accountId: string | null | undefined,
): PayoutTransfer {
  return {
    idempotencyKey: `payout-${storeId}-${period.start}-${currency}`,
    storeId,
    storeName,
    periodStart: period.start,
    periodEnd: period.end,
    currency,
    amountCents,
    accountId: accountId ?? null,
  };
}

/**
 * Payouts (issue 17 items 5-7, issue 16 item 7): listing fees, the ledger the Payouts tab and the
 * statements show, and the runs that pay each store's period once through the PayoutProvider.
 */
export class PayoutsService {
  private readonly storeLedgers: StoreLedgers;
  /** Where each brand is paid: its bank details (local payouts) or its Stripe account. */
  readonly accounts: PayoutAccounts;

  constructor(private readonly deps: PayoutsDeps) {
    this.storeLedgers = new StoreLedgers(deps);
    this.accounts = new PayoutAccounts(deps);
    deps.itemEvents.on('item.listed', ({ tx, listing }) =>
      deps.repository.recordListing(tx, { ...listing, at: this.now() }),
    );
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  get providerName(): 'local' | 'stripe' {
    return this.deps.provider.name;
  }

  /** GET /store/payouts. */
  async storePayouts(userName: string): Promise<StorePayoutLedger> {
    const store = await this.deps.stores.requireOwnedStore(userName);
    return payoutLedgerView((await this.storeLedgers.of([store.id])).get(store.id)!.ledger);
  }

  /** GET /store/payouts/statements/:start: the period's statement as PDF or CSV. */
  async statement(
    userName: string,
    start: string,
    format: 'pdf' | 'csv',
    locale: Locale = 'en',
  ): Promise<{ body: Buffer | string; filename: string }> {
    const store = await this.deps.stores.requireOwnedStore(userName);
    const period = payoutPeriodOf(day(start));
    const { ledger } = (await this.storeLedgers.of([store.id])).get(store.id)!;
    const filename = `statement-${period.start}`;
    if (format === 'csv')
      return {
        body: statementCsv(ledger, period, store.name, translatorFor(locale).t),
        filename: `${filename}.csv`,
      };
    return {
      body: await renderStatementPdf(ledger, period, store.name, locale),
      filename: `${filename}.pdf`,
    };
  }

  /**
   * How long a concurrent run of the same period waits for the one running before it answers
   * 409 (a getter, so a test can shorten it).
   */
  get runWaitMs(): number {
    return RUN_WAIT_MS;
  }

  /**
   * Pays every store's net for the period ending on `periodEnd` (`npm run payouts:run`, the
   * console's button). Each store, period and currency is paid once, whatever crashes or reruns:
   * its amount is frozen in a PENDING row before any money moves, and sent under one
   * idempotency key until it is PAID. A period has one run at a time (issue 38.1): the run
   * claims it first; a run asked for meanwhile waits for that one and answers its result.
   */
  async run(periodEnd: string): Promise<PayoutRun> {
    const { repository, log } = this.deps;
    const period = periodEndingOn(periodEnd);
    if (day(period.end).getTime() > this.now().getTime()) throw new Conflict(M.notEnded);
    const waitUntil = Date.now() + this.runWaitMs;
    const asked = this.now();
    let awaited: string | undefined;
    for (;;) {
      if (awaited) {
        const row = await repository.findRun(awaited);
        if (row?.finishedAt) return this.runView(row);
      }
      const runId = randomUUID();
      if (await repository.claimPeriod(period.start, runId, CLAIM_LEASE_MS)) {
        try {
          return await this.runClaimed(runId, period);
        } finally {
          // A run that dies here leaves its claim, which goes stale after CLAIM_LEASE_MS.
          await repository
            .releaseClaim(period.start, runId)
            .catch((error: unknown) => log.error({ err: error }, 'payout claim not released'));
        }
      }
      // Another run holds the period: wait for it (a new holder, if that one died, is waited for).
      const holder = await repository.claimHolder(period.start);
      if (!holder && !awaited) {
        // It ended between the claim and this read: its result is the answer.
        const ended = await repository.lastFinishedRun(period.start, asked);
        if (ended) return this.runView(ended);
      }
      awaited = holder ?? awaited;
      if (Date.now() >= waitUntil) throw new Conflict(M.runInProgress);
      await sleep(RUN_POLL_MS);
    }
  }

  /**
   * GET /operator/payouts/preview (issue 39.2): what a run of the period ending on `periodEnd`
   * would do for each brand, moving nothing.
   */
  async preview(periodEnd: string): Promise<PayoutPreview> {
    const period = periodEndingOn(periodEnd);
    if (day(period.end).getTime() > this.now().getTime()) throw new Conflict(M.notEnded);
    const [preview] = await this.previews([period]);
    return preview!.preview;
  }

  /**
   * GET /operator/payouts/due (issue 39.2): the ended periods of the last DUE_LOOKBACK_PERIODS
   * with money still to send (or a balance below zero to carry), oldest first, each with its
   * preview: the console offers them instead of a date to type.
   */
  async due(): Promise<DuePayouts> {
    const current = payoutPeriodOf(this.now());
    const ended: PayoutPeriod[] = [];
    for (let period = previousPeriod(current); ended.length < DUE_LOOKBACK_PERIODS;) {
      if (period.start < PAYOUT_PERIOD_ANCHOR.slice(0, 10)) break;
      ended.unshift(period);
      period = previousPeriod(period);
    }
    const previews = await this.previews(ended);
    return {
      periods: previews.filter((p) => p.due).map((p) => p.preview),
      nextPayoutDate: current.end,
    };
  }

  /** Every period's preview from one read of the stores' ledgers. */
  private async previews(
    periods: PayoutPeriod[],
  ): Promise<{ preview: PayoutPreview; due: boolean }[]> {
    if (periods.length === 0) return [];
    const { repository, stores, provider } = this.deps;
    const storeIds = await this.storeIdsFor(periods[0]!, periods.at(-1)!);
    const [ledgers, owners, accounts] = await Promise.all([
      this.storeLedgers.of(storeIds),
      stores.ownerIdsOf(storeIds),
      repository.accountsOf(storeIds),
    ]);
    const accountOf = new Map(accounts.map((a) => [a.storeId, a]));
    const nameOf = (storeId: string) => owners.get(storeId)?.name ?? storeId;
    const sortedStores = [...ledgers.keys()].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
    return periods.map((period) => {
      const brands: PreviewCentsLine[] = [];
      let due = false;
      for (const storeId of sortedStores) {
        const entry = ledgers.get(storeId)!;
        for (const currency of currenciesOf(entry, period)) {
          const line = (
            outcome: PreviewCentsLine['outcome'],
            amountCents: Cents,
            reason: string | null,
          ) =>
            brands.push({
              storeId,
              storeName: nameOf(storeId),
              currency,
              amountCents,
              outcome,
              reason,
            });
          const frozen = entry.payouts.find(
            (p) => p.periodStart === period.start && p.currency === currency,
          );
          if (frozen) {
            if (frozen.status === 'PAID') line('ALREADY_PAID', frozen.amountCents, null);
            else if (frozen.status === 'CARRIED') line('CARRIED', frozen.amountCents, M.carried);
            else {
              line('TO_PAY', frozen.amountCents, null);
              due = true;
            }
            continue;
          }
          const { netCents, carriedRefunds, takenBalances } = owedOf(entry, period, currency);
          if (netCents === 0 && carriedRefunds.length === 0 && takenBalances.length === 0) {
            line('SKIPPED', asCents(0), M.nothingToPay);
            continue;
          }
          const notReady =
            netCents > 0 && provider.needsOnboarding
              ? this.notReady(accountOf.get(storeId)?.status)
              : null;
          if (notReady) line('SKIPPED', netCents, notReady);
          else line(netCents > 0 ? 'TO_PAY' : 'CARRIED', netCents, netCents > 0 ? null : M.carried);
          if (!notReady) due = true;
        }
      }
      return { due, preview: previewView(period, brands) };
    });
  }

  /** The stores a run of any period from `first` to `last` looks at. */
  private async storeIdsFor(first: PayoutPeriod, last: PayoutPeriod): Promise<string[]> {
    const { repository, storeOrders } = this.deps;
    const [placed, fees, pending, carrying] = await Promise.all([
      storeOrders.storeIdsPlacedBetween(day(first.start), day(last.end)),
      repository.storeIdsWithFeesBetween(day(first.start), day(last.end)),
      repository.storeIdsPendingBetween(first.start, last.start),
      repository.storeIdsCarryingBefore(last.start),
    ]);
    return [...new Set([...placed, ...fees, ...pending, ...carrying])];
  }

  /**
   * GET /operator/payouts/runs/{id}/file: the run's bank transfer file, to download. The file
   * stays where the provider wrote it; only its name leaves the server.
   */
  async bankFile(runId: string): Promise<{ name: string; content: Buffer }> {
    const row = await this.deps.repository.findRun(runId);
    if (!row?.file) throw new NotFound(M.noBankFile);
    try {
      return { name: path.basename(row.file), content: await readFile(row.file) };
    } catch (error) {
      this.deps.log.error({ err: error, runId }, 'bank transfer file unreadable');
      throw new NotFound(M.noBankFile);
    }
  }

  /** The run itself, once it holds the period. */
  private async runClaimed(runId: string, period: PayoutPeriod): Promise<PayoutRun> {
    const { repository, provider, stores, log } = this.deps;
    const run = await repository.startRun(runId, provider.name, period.start, period.end);
    await this.finishDeadRuns(period, run.id);
    const storeIds = await this.storeIdsFor(period, period);
    const [ledgers, owners, accounts] = await Promise.all([
      this.storeLedgers.of(storeIds),
      stores.ownerIdsOf(storeIds),
      repository.accountsOf(storeIds),
    ]);
    const accountOf = new Map(accounts.map((a) => [a.storeId, a]));
    const results: RunCentsResult[] = [];
    const sent: (PayoutTransfer & { reference: string })[] = [];
    const sortedStores = [...ledgers.keys()].sort((a, b) =>
      (owners.get(a)?.name ?? a).localeCompare(owners.get(b)?.name ?? b),
    );
    for (const storeId of sortedStores) {
      let entry = ledgers.get(storeId)!;
      const storeName = owners.get(storeId)?.name ?? storeId;
      for (const currency of currenciesOf(entry, period)) {
        const outcome = (
          value: RunCentsResult['outcome'],
          amountCents: Cents,
          reference: string | null,
          reason: string | null,
        ) =>
          results.push({
            storeId,
            storeName,
            currency,
            amountCents,
            outcome: value,
            reference,
            reason,
          });
        const account = accountOf.get(storeId);
        const transferOf = (amountCents: Cents): PayoutTransfer =>
          transferFor(storeId, storeName, period, currency, amountCents, account?.accountId);
        let frozen = entry.payouts.find(
          (p) => p.periodStart === period.start && p.currency === currency,
        );
        if (frozen?.status === 'PAID') {
          outcome('ALREADY_PAID', frozen.amountCents, frozen.reference, null);
          continue;
        }
        if (frozen?.status === 'CARRIED') {
          outcome('CARRIED', frozen.amountCents, null, M.carried);
          continue;
        }
        if (!frozen) {
          if (await this.reverseLateRefunds(entry, period, currency))
            entry = (await this.storeLedgers.of([storeId])).get(storeId)!;
          const { netCents, carriedRefunds, takenBalances } = owedOf(entry, period, currency);
          // Nothing at all to settle: no row, as before. A net below zero (or one that a carried
          // balance brings to zero) is frozen as CARRIED: the next payout takes it (decision 025).
          if (netCents === 0 && carriedRefunds.length === 0 && takenBalances.length === 0) {
            outcome('SKIPPED', netCents, null, M.nothingToPay);
            continue;
          }
          // Only money sent needs a brand ready for it: a balance is carried whatever its status.
          const notReady =
            netCents > 0 && provider.needsOnboarding ? this.notReady(account?.status) : null;
          if (notReady) {
            outcome('SKIPPED', netCents, null, notReady);
            continue;
          }
          const paidOrders = entry.unpaid.filter(
            (o) =>
              o.input.currency === currency &&
              payoutPeriodOf(o.input.placedAt).start === period.start,
          );
          frozen =
            (await repository.freeze({
              payout: {
                storeId,
                periodStart: period.start,
                periodEnd: period.end,
                currency,
                amountCents: netCents,
                status: netCents > 0 ? 'PENDING' : 'CARRIED',
                provider: provider.name,
                runId: run.id,
              },
              lines: paidOrders.map((o) => ({
                storeOrderId: o.input.storeOrderId,
                refundedCents: o.input.refundedCents,
              })),
              refunds: [
                ...paidOrders.flatMap((o) =>
                  o.refundIds.map((refundId) => ({
                    refundId,
                    kind: 'COUNTED' as const,
                    amountCents: asCents(0),
                  })),
                ),
                ...carriedRefunds.map((r) => ({
                  refundId: r.refundId,
                  kind: 'CARRIED' as const,
                  amountCents: r.amountCents,
                })),
              ],
              carries: takenBalances.map((b) => ({
                fromPayoutId: b.fromPayoutId,
                amountCents: b.amountCents,
              })),
            })) ?? (await repository.findPayout(storeId, period.start, currency));
          if (!frozen) continue;
          if (frozen.status === 'PAID') {
            outcome('ALREADY_PAID', frozen.amountCents, frozen.reference, null);
            continue;
          }
          if (frozen.status === 'CARRIED') {
            outcome('CARRIED', frozen.amountCents, null, M.carried);
            continue;
          }
        }
        try {
          // A run that stalled past its claim stops sending: the run that took the period over does.
          if (!(await repository.renewClaim(period.start, run.id, CLAIM_LEASE_MS))) {
            log.error({ runId: run.id, period: period.start }, 'payout run lost its claim');
            outcome('FAILED', frozen.amountCents, null, M.payoutsFailed);
            continue;
          }
          const transfer = transferOf(frozen.amountCents);
          const { reference } = await provider.send(transfer);
          // Only the run that moves it from PENDING to PAID lists it in its file.
          if (await repository.markPaid(frozen.id, reference, run.id, this.now())) {
            sent.push({ ...transfer, reference });
            outcome('PAID', frozen.amountCents, reference, null);
          } else outcome('ALREADY_PAID', frozen.amountCents, reference, null);
        } catch (error) {
          log.error({ err: error, storeId, period: period.start }, 'payout failed');
          outcome('FAILED', frozen.amountCents, null, M.payoutsFailed);
        }
      }
    }
    const file = await provider.finishRun(
      await this.accounts.withBankAccounts({
        runId: run.id,
        periodEnd: period.end,
        transfers: sent,
      }),
    );
    const answered = results.map(runResultView);
    await repository.finishRun(run.id, answered, file, this.now());
    return this.runView({ ...run, results: answered, file, finishedAt: this.now() });
  }

  /**
   * The runs of this period that died (no longer hold it, never finished): each one's file is
   * written with the payouts it moved to PAID, under its own name (the same file if it had been
   * written), and the run is recorded as finished. Its payouts are in its file, never in another.
   */
  private async finishDeadRuns(period: PayoutPeriod, runId: string): Promise<void> {
    const { repository, provider, stores, log } = this.deps;
    for (const dead of await repository.unfinishedRuns(period.start, runId)) {
      const paid = await repository.paidBy(dead.id);
      const owners = await stores.ownerIdsOf([...new Set(paid.map((p) => p.storeId))]);
      const transfers = paid.map((p) => ({
        ...transferFor(
          p.storeId,
          owners.get(p.storeId)?.name ?? p.storeId,
          period,
          p.currency as Currency,
          p.amountCents,
          null,
        ),
        reference: p.reference ?? '',
      }));
      const file = await provider.finishRun(
        await this.accounts.withBankAccounts({
          runId: dead.id,
          periodEnd: dead.periodEnd,
          transfers,
        }),
      );
      const results = transfers.map((t) =>
        runResultView({
          storeId: t.storeId,
          storeName: t.storeName,
          currency: t.currency,
          amountCents: t.amountCents,
          outcome: 'PAID',
          reference: t.reference,
          reason: null,
        }),
      );
      await repository.finishRun(dead.id, results, file, this.now());
      log.warn({ runId: dead.id, payouts: paid.length }, 'finished a payout run that had stopped');
    }
  }

  /** Stripe: refunds after a payout, taken back from that payout's transfer when it can be. */
  private async reverseLateRefunds(
    entry: StoreLedger,
    period: PayoutPeriod,
    currency: Currency,
  ): Promise<boolean> {
    let reversed = false;
    for (const refund of entry.unsettled) {
      if (refund.currency !== currency || refund.period.start > period.start) continue;
      if (refund.original.status !== 'PAID' || !refund.original.reference) continue;
      if (refund.amountCents >= 0) continue;
      const reversal = await this.deps.provider.reverse({
        reference: refund.original.reference,
        amountCents: asCents(-refund.amountCents),
        idempotencyKey: `reversal-${refund.refundId}`,
      });
      if (!reversal) continue;
      await this.deps.repository.recordReversal(
        refund.refundId,
        refund.original.id,
        refund.amountCents,
        reversal.reversalId,
      );
      reversed = true;
    }
    return reversed;
  }

  private notReady(status: string | undefined): string | null {
    if (!status || status === 'not_started') return M.notOnboarded;
    if (status === 'details_needed') return M.detailsNeeded;
    if (status !== 'payouts_enabled') return M.payoutsDisabled;
    return null;
  }

  /** GET /operator/payouts/runs: newest first. */
  async runs(page: number, pageSize: number): Promise<{ runs: PayoutRun[]; total: number }> {
    const { rows, total } = await this.deps.repository.runs(page, pageSize);
    return { runs: rows.map((row) => this.runView(row)), total };
  }

  private runView(row: PayoutRunRow): PayoutRun {
    return {
      id: row.id,
      provider: row.provider as PayoutRun['provider'],
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      file: row.file ? path.basename(row.file) : null,
      results: row.results as PayoutRunStoreResult[],
    };
  }
}
