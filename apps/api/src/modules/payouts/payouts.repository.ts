import { and, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { asCents, listingFeeCents, type Cents } from '@marketplace/shared';
import type { Db, Tx } from '../../db/client';
import {
  listingFees,
  payoutAccounts,
  payoutBankAccounts,
  payoutCarries,
  payoutLines,
  payoutRefunds,
  payoutRunClaims,
  payoutRuns,
  payouts,
} from '../../db/schema';

export type ListingFeeRow = typeof listingFees.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutRefundRow = typeof payoutRefunds.$inferSelect;
export type PayoutRunRow = typeof payoutRuns.$inferSelect;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type PayoutCarryRow = typeof payoutCarries.$inferSelect;
export type PayoutBankAccountRow = typeof payoutBankAccounts.$inferSelect;

/**
 * The first key of the transaction lock that numbers one store's listings (the second is the
 * store's hash): any constant no other lock uses.
 */
const LISTING_NUMBER_LOCK = 7_240_038;

/**
 * What a payout froze: its row (PENDING, to be sent; CARRIED, a net below zero never sent), the
 * orders it paid, the refunds it settled and the earlier balances below zero it took.
 */
export interface NewPayout {
  payout: Omit<typeof payouts.$inferInsert, 'id' | 'reference' | 'paidAt'> & {
    status: 'PENDING' | 'CARRIED';
  };
  lines: { storeOrderId: string; refundedCents: Cents }[];
  refunds: { refundId: string; kind: 'COUNTED' | 'CARRIED'; amountCents: Cents }[];
  carries: { fromPayoutId: string; amountCents: Cents }[];
}

export class PayoutsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Numbers a new product within its store and records its fee, in the product's transaction.
   * Creations of one store take their numbers one after the other (issue 38.9: 25 at once lost
   * the race on the number more times than any retry allowed): a transaction lock per store,
   * held until the product commits, so the next one reads the number this one took.
   */
  async recordListing(
    tx: Tx,
    listing: { itemId: number; storeId: string; name: string; currency: string; at: Date },
  ): Promise<void> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LISTING_NUMBER_LOCK}, hashtext(${listing.storeId}))`,
    );
    const [last] = await tx
      .select({
        number: sql<number>`coalesce(max(${listingFees.number}), 0)`.mapWith(Number),
      })
      .from(listingFees)
      .where(eq(listingFees.storeId, listing.storeId));
    const number = (last?.number ?? 0) + 1;
    await tx.insert(listingFees).values({
      itemId: listing.itemId,
      storeId: listing.storeId,
      number,
      itemName: listing.name,
      currency: listing.currency,
      feeCents: listingFeeCents(number),
      createdAt: listing.at,
    });
  }

  feesOfStores(storeIds: string[]): Promise<ListingFeeRow[]> {
    if (storeIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(listingFees)
      .where(and(inArray(listingFees.storeId, storeIds), sql`${listingFees.feeCents} > 0`));
  }

  async storeIdsWithFeesBetween(start: Date, end: Date): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ storeId: listingFees.storeId })
      .from(listingFees)
      .where(
        and(
          gte(listingFees.createdAt, start),
          lt(listingFees.createdAt, end),
          sql`${listingFees.feeCents} > 0`,
        ),
      );
    return rows.map((row) => row.storeId);
  }

  payoutsOfStores(storeIds: string[]): Promise<PayoutRow[]> {
    if (storeIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(payouts).where(inArray(payouts.storeId, storeIds));
  }

  linesOf(payoutIds: string[]): Promise<(typeof payoutLines.$inferSelect)[]> {
    if (payoutIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(payoutLines).where(inArray(payoutLines.payoutId, payoutIds));
  }

  settledRefundsOf(refundIds: string[]): Promise<PayoutRefundRow[]> {
    if (refundIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(payoutRefunds).where(inArray(payoutRefunds.refundId, refundIds));
  }

  /** The stores with a payout of this period still PENDING (a run that stopped half-way). */
  async storeIdsPendingFor(periodStart: string): Promise<string[]> {
    const rows = await this.db
      .select({ storeId: payouts.storeId })
      .from(payouts)
      .where(and(eq(payouts.periodStart, periodStart), eq(payouts.status, 'PENDING')));
    return rows.map((row) => row.storeId);
  }

  /** The stores with a payout PENDING in a period starting from `from` up to `to` (inclusive). */
  async storeIdsPendingBetween(from: string, to: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ storeId: payouts.storeId })
      .from(payouts)
      .where(
        and(
          eq(payouts.status, 'PENDING'),
          gte(payouts.periodStart, from),
          lte(payouts.periodStart, to),
        ),
      );
    return rows.map((row) => row.storeId);
  }

  /**
   * The stores with a balance below zero frozen before `periodStart` that no payout took yet
   * (payouts_carried_period_start_idx, then payout_carries by its key).
   */
  async storeIdsCarryingBefore(periodStart: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ storeId: payouts.storeId })
      .from(payouts)
      .where(
        and(
          eq(payouts.status, 'CARRIED'),
          lt(payouts.periodStart, periodStart),
          lt(payouts.amountCents, asCents(0)),
          sql`not exists (select 1 from ${payoutCarries} where ${payoutCarries.fromPayoutId} = ${payouts.id})`,
        ),
      );
    return rows.map((row) => row.storeId);
  }

  /** Which later payout took each of these CARRIED payouts' balances, if one did. */
  carriesFrom(payoutIds: string[]): Promise<PayoutCarryRow[]> {
    if (payoutIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(payoutCarries)
      .where(inArray(payoutCarries.fromPayoutId, payoutIds));
  }

  /**
   * Freezes a payout with what it pays, in one transaction; undefined when another run froze
   * this store, period and currency first. A balance carried in is taken once (its key): a
   * second taker's whole freeze fails.
   */
  async freeze(next: NewPayout): Promise<PayoutRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(payouts).values(next.payout).onConflictDoNothing().returning();
      if (!row) return undefined;
      if (next.lines.length > 0)
        await tx
          .insert(payoutLines)
          .values(next.lines.map((line) => ({ ...line, payoutId: row.id })));
      if (next.refunds.length > 0)
        await tx
          .insert(payoutRefunds)
          .values(next.refunds.map((refund) => ({ ...refund, payoutId: row.id })));
      if (next.carries.length > 0)
        await tx
          .insert(payoutCarries)
          .values(next.carries.map((carry) => ({ ...carry, intoPayoutId: row.id })));
      return row;
    });
  }

  async findPayout(storeId: string, periodStart: string, currency: string) {
    const [row] = await this.db
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.storeId, storeId),
          eq(payouts.periodStart, periodStart),
          eq(payouts.currency, currency),
        ),
      );
    return row;
  }

  /**
   * PENDING → PAID, once: true for the one run that made the move (only it lists the payout in
   * its bank file); false when the payout was already paid.
   */
  async markPaid(payoutId: string, reference: string, runId: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(payouts)
      .set({ status: 'PAID', reference, paidAt: at, runId })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'PENDING')))
      .returning({ id: payouts.id });
    return rows.length > 0;
  }

  /** The payouts a run moved to PAID. */
  paidBy(runId: string): Promise<PayoutRow[]> {
    return this.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.runId, runId), eq(payouts.status, 'PAID')));
  }

  /** A refund after its payout, taken back from that payout's transfer; false if already settled. */
  async recordReversal(
    refundId: string,
    payoutId: string,
    amountCents: Cents,
    reversalId: string,
  ): Promise<void> {
    await this.db
      .insert(payoutRefunds)
      .values({ refundId, payoutId, kind: 'REVERSED', amountCents, reversalId })
      .onConflictDoNothing();
  }

  /**
   * Takes the period for `runId` for `leaseMs` (database time): true when no run holds it or its
   * holder's claim went stale (a run that died), false while another run holds it. One statement:
   * of two runs at once, one wins.
   */
  async claimPeriod(periodStart: string, runId: string, leaseMs: number): Promise<boolean> {
    const expiresAt = sql`now() + ${leaseMs} * interval '1 millisecond'`;
    const rows = await this.db
      .insert(payoutRunClaims)
      .values({ periodStart, runId, expiresAt })
      .onConflictDoUpdate({
        target: payoutRunClaims.periodStart,
        set: { runId, expiresAt },
        setWhere: sql`${payoutRunClaims.expiresAt} < now()`,
      })
      .returning({ runId: payoutRunClaims.runId });
    return rows[0]?.runId === runId;
  }

  /** Renews the claim while its run goes on; false when the run no longer holds the period. */
  async renewClaim(periodStart: string, runId: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(payoutRunClaims)
      .set({ expiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(and(eq(payoutRunClaims.periodStart, periodStart), eq(payoutRunClaims.runId, runId)))
      .returning({ runId: payoutRunClaims.runId });
    return rows.length > 0;
  }

  async releaseClaim(periodStart: string, runId: string): Promise<void> {
    await this.db
      .delete(payoutRunClaims)
      .where(and(eq(payoutRunClaims.periodStart, periodStart), eq(payoutRunClaims.runId, runId)));
  }

  /** The run holding the period now, if one does. */
  async claimHolder(periodStart: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ runId: payoutRunClaims.runId })
      .from(payoutRunClaims)
      .where(eq(payoutRunClaims.periodStart, periodStart));
    return row?.runId;
  }

  async startRun(
    id: string,
    provider: string,
    periodStart: string,
    periodEnd: string,
  ): Promise<PayoutRunRow> {
    const [row] = await this.db
      .insert(payoutRuns)
      .values({ id, provider, periodStart, periodEnd })
      .returning();
    return row!;
  }

  async findRun(id: string): Promise<PayoutRunRow | undefined> {
    const [row] = await this.db.select().from(payoutRuns).where(eq(payoutRuns.id, id));
    return row;
  }

  /** The period's run that finished last, if it finished at `since` or later. */
  async lastFinishedRun(periodStart: string, since: Date): Promise<PayoutRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payoutRuns)
      .where(and(eq(payoutRuns.periodStart, periodStart), gte(payoutRuns.finishedAt, since)))
      .orderBy(desc(payoutRuns.finishedAt))
      .limit(1);
    return row;
  }

  /** The period's runs that never finished, but `runId` (which holds the period): they died. */
  unfinishedRuns(periodStart: string, runId: string): Promise<PayoutRunRow[]> {
    return this.db
      .select()
      .from(payoutRuns)
      .where(
        and(
          eq(payoutRuns.periodStart, periodStart),
          isNull(payoutRuns.finishedAt),
          ne(payoutRuns.id, runId),
        ),
      );
  }

  async finishRun(id: string, results: unknown[], file: string | null, at: Date): Promise<void> {
    await this.db
      .update(payoutRuns)
      .set({ results, file, finishedAt: at })
      .where(eq(payoutRuns.id, id));
  }

  async runs(page: number, pageSize: number): Promise<{ rows: PayoutRunRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(payoutRuns)
      .orderBy(desc(payoutRuns.startedAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(payoutRuns);
    return { rows, total: count?.total ?? 0 };
  }

  accountsOf(storeIds: string[]): Promise<PayoutAccountRow[]> {
    if (storeIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(payoutAccounts).where(inArray(payoutAccounts.storeId, storeIds));
  }

  /** The store's account: the first one made wins (two clicks at once make one). */
  async saveAccount(storeId: string, accountId: string, status: string): Promise<PayoutAccountRow> {
    await this.db
      .insert(payoutAccounts)
      .values({ storeId, accountId, status })
      .onConflictDoNothing({ target: payoutAccounts.storeId });
    const [row] = await this.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.storeId, storeId));
    return row!;
  }

  async setAccountStatus(accountId: string, status: string): Promise<void> {
    await this.db
      .update(payoutAccounts)
      .set({ status, updatedAt: new Date() })
      .where(eq(payoutAccounts.accountId, accountId));
  }

  /** The stores' bank details (primary key), sealed as stored. */
  bankAccountsOf(storeIds: string[]): Promise<PayoutBankAccountRow[]> {
    if (storeIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(payoutBankAccounts)
      .where(inArray(payoutBankAccounts.storeId, storeIds));
  }

  async saveBankAccount(
    row: Omit<PayoutBankAccountRow, 'updatedAt'>,
    at: Date,
  ): Promise<PayoutBankAccountRow> {
    const [saved] = await this.db
      .insert(payoutBankAccounts)
      .values({ ...row, updatedAt: at })
      .onConflictDoUpdate({
        target: payoutBankAccounts.storeId,
        set: {
          country: row.country,
          details: row.details,
          accountLast4: row.accountLast4,
          updatedAt: at,
        },
      })
      .returning();
    return saved!;
  }
}
