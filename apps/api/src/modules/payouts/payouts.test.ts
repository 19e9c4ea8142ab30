import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAYOUT_MESSAGES,
  nextPeriod,
  payoutPeriodOf,
  type DuePayouts,
  type PayoutPreview,
  type PayoutRun,
  type StoreOrderView,
  type StorePayoutLedger,
} from '@marketplace/shared';
import {
  createItem,
  sellerWithStore,
  updateItem,
  validItem,
  type Seller,
} from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps, type Buyer } from '../../../test/orders';
import { pdfText } from '../../../test/pdf';
import { listingFees } from '../../db/schema';
import { PayoutsRepository } from './payouts.repository';
import { PayoutsService } from './payouts.service';

// Listing fees, the local payout provider's runs, refunds after a payout and statements
// (issue 17 items 5-7, issue 16 item 7), on PGlite and PostgreSQL alike.
const DAY = 86_400_000;
const clock = { now: Date.now() };
const files = mkdtempSync(path.join(tmpdir(), 'payout-files-'));
const ctx = setupTestApp(() => ({ now: () => new Date(clock.now), payoutFilesDir: files }));
const steps = orderSteps(ctx);
afterEach(() => vi.restoreAllMocks());

const ledgerOf = async (seller: Seller) =>
  json<StorePayoutLedger>(
    await ctx.app.inject({ url: '/api/store/payouts', headers: seller.headers }),
  );

async function operator() {
  const user = await loginAs(ctx.app);
  await ctx.app.services.users.setRole(user.userName, 'operator');
  return user;
}

const runPayouts = async (who: { headers: Record<string, string> }, period: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/operator/payouts/run',
    headers: who.headers,
    payload: { period },
  });

/** A buyer's order of one product of `seller` at `price`, placed now (the clock). */
async function sale(seller: Seller, price: number, buyer?: Buyer) {
  const shopper = buyer ?? (await loginAs(ctx.app));
  const item = await steps.product(seller, { price });
  await steps.addToBag(shopper, item);
  const session = await steps.paidCheckout(shopper);
  const orders = json<StoreOrderView[]>(
    await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers }),
  );
  return orders.find((o) => o.orderId === session.orderId)!;
}

describe('listing fees (spec 9: the first 20 products are free, then 10 cents per posting)', () => {
  it('charges the 21st product created, counting a deleted one and never an edit', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = [];
    for (let i = 0; i < 20; i += 1)
      created.push(await createItem(ctx.app, seller, validItem({ name: `Tee ${i + 1}` })));
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/item/${created[0]!.id}`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(204);
    await updateItem(ctx.app, seller, created[1]!.id, { name: 'Tee 2, renamed' });
    expect((await ledgerOf(seller)).adjustments).toEqual([]);

    await createItem(ctx.app, seller, validItem({ name: 'Tee 21', currency: 'USD' }));
    const ledger = await ledgerOf(seller);
    const period = payoutPeriodOf(new Date(clock.now));
    expect(ledger.adjustments).toEqual([
      expect.objectContaining({
        kind: 'LISTING_FEE',
        amount: -0.1,
        currency: 'USD',
        description: 'Tee 21 (listing 21)',
        period,
      }),
    ]);
    expect(ledger.periods).toEqual([
      expect.objectContaining({ ...period, currency: 'USD', listingFees: -0.1, net: -0.1 }),
    ]);
  });
});

describe('an edit that makes a listing another product (issue 38.9)', () => {
  it('is a new listing when its name, price and options all change, numbered and charged as one', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = [];
    for (let i = 0; i < 20; i += 1)
      created.push(await createItem(ctx.app, seller, validItem({ name: `Tee ${i + 1}` })));
    const option = { price: 0, sale: 0, count: 3, isAvailable: true };
    // Two of the three changed: still the same listing.
    await updateItem(ctx.app, seller, created[0]!.id, { name: 'Tee 1, renamed', price: 99 });
    await updateItem(ctx.app, seller, created[1]!.id, {
      name: 'Tee 2',
      itemOptions: [{ ...option, color: 'BLUE', size: 'L' }],
    });
    expect((await ledgerOf(seller)).adjustments).toEqual([]);

    // All three: another product in the slot of the third, the store's 21st listing.
    await updateItem(ctx.app, seller, created[2]!.id, {
      name: 'Wool Beanie',
      price: 35,
      itemOptions: [{ ...option, color: 'BLUE', size: 'S' }],
    });
    await createItem(ctx.app, seller, validItem({ name: 'Tee 21' }));
    const fees = (await ledgerOf(seller)).adjustments.filter((a) => a.kind === 'LISTING_FEE');
    expect(fees.map((f) => [f.description, f.amount])).toEqual([
      ['Wool Beanie (listing 21)', -0.1],
      ['Tee 21 (listing 22)', -0.1],
    ]);
  });
});

describe('listing numbers under concurrent creations (issue 38.9)', () => {
  it('25 products created at once are all created, numbered 1 to 25 once each', async () => {
    const seller = await sellerWithStore(ctx.app);
    const created = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        createItem(ctx.app, seller, validItem({ name: `Rush ${i + 1}` })),
      ),
    );
    expect(created.filter((c) => c.status === 'rejected')).toEqual([]);
    const ids = created.map((c) => (c as PromiseFulfilledResult<{ id: number }>).value.id);
    const fees = await ctx.database.db
      .select()
      .from(listingFees)
      .where(inArray(listingFees.itemId, ids));
    expect(fees.map((f) => f.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const charged = (await ledgerOf(seller)).adjustments.filter((a) => a.kind === 'LISTING_FEE');
    expect(charged).toHaveLength(5);
    expect(charged.map((a) => a.amount)).toEqual(Array(5).fill(-0.1));
  });
});

describe('payout runs with the local provider (a bank transfer file per run)', () => {
  it('pays each store its period net once, refuses a period not ended, and writes the CSV', async () => {
    const admin = await operator();
    const [a, b] = [await sellerWithStore(ctx.app), await sellerWithStore(ctx.app)];
    const orderA = await sale(a, 100);
    await sale(b, 50);
    const period = payoutPeriodOf(new Date(clock.now));
    const lineA = (await ledgerOf(a)).lines[0]!;
    expect(lineA.storeOrderId).toBe(orderA.id);

    const early = await runPayouts(admin, period.end);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe(
      'This period has not ended yet: it can be paid from its payout date.',
    );
    expect((await runPayouts(a, period.end)).statusCode).toBe(403);
    expect((await runPayouts(admin, '2026-01-06')).statusCode).toBe(400);
    for (const impossible of ['2026-02-30', '1970-01-05']) {
      const refused = await runPayouts(admin, impossible);
      expect(refused.statusCode).toBe(400);
      expect(json(refused).message).toContain('payout dates are every 14 days from 2026-01-19');
    }

    clock.now += 15 * DAY;
    try {
      const first = json<PayoutRun>(await runPayouts(admin, period.end));
      const mine = first.results.filter(
        (r) => r.storeName === a.storeName || r.storeName === b.storeName,
      );
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ storeName: a.storeName, outcome: 'PAID', amount: lineA.net }),
          expect.objectContaining({ storeName: b.storeName, outcome: 'PAID' }),
        ]),
      );
      const csv = readFileSync(path.join(files, first.file!), 'utf8');
      expect(csv).toContain(
        `,${a.storeName},${period.start},${period.end},CAD,${lineA.net.toFixed(2)}`,
      );

      const again = json<PayoutRun>(await runPayouts(admin, period.end));
      expect(again.results.find((r) => r.storeName === a.storeName)).toMatchObject({
        outcome: 'ALREADY_PAID',
        amount: lineA.net,
      });
      expect(readFileSync(path.join(files, again.file!), 'utf8')).not.toContain(a.storeName);

      const paid = (await ledgerOf(a)).periods.find((p) => p.start === period.start)!;
      expect(paid.payout).toMatchObject({ status: 'PAID', amount: lineA.net });
      expect(paid.payout!.reference).toMatch(/^BT-/);

      const runs = await ctx.app.inject({
        url: '/api/operator/payouts/runs',
        headers: admin.headers,
      });
      expect(runs.headers['x-total-count']).toBe(String(json<PayoutRun[]>(runs).length));
      expect(json<PayoutRun[]>(runs)[0]!.id).toBe(again.id);
    } finally {
      clock.now -= 15 * DAY;
    }
  });

  it('a refund after the payout is taken from the next period, and the next run pays less', async () => {
    const admin = await operator();
    const seller = await sellerWithStore(ctx.app);
    const order = await sale(seller, 100);
    const period = payoutPeriodOf(new Date(clock.now));
    const paidNet = (await ledgerOf(seller)).lines[0]!.net;
    clock.now += 15 * DAY;
    try {
      expect((await runPayouts(admin, period.end)).statusCode).toBe(200);
      const refund = await ctx.app.inject({
        method: 'POST',
        url: `/api/store/orders/${order.id}/refund`,
        headers: seller.headers,
      });
      expect(refund.statusCode).toBe(200);

      // The paid period keeps what it paid; the refund's cost shows in the next one.
      const ledger = await ledgerOf(seller);
      const next = payoutPeriodOf(new Date(Date.parse(`${period.end}T00:00:00Z`)));
      expect(ledger.lines[0]).toMatchObject({ refunded: 0, net: paidNet });
      expect(ledger.adjustments).toEqual([
        expect.objectContaining({ kind: 'REFUND_AFTER_PAYOUT', amount: -paidNet, period: next }),
      ]);
      expect(ledger.periods.find((p) => p.start === period.start)).toMatchObject({ net: paidNet });
      expect(ledger.periods.find((p) => p.start === next.start)).toMatchObject({
        refundsAfterPayout: -paidNet,
        net: -paidNet,
      });

      // A sale in the next period: its payout is that sale's net less the refund.
      const later = await sale(seller, 200);
      const laterNet = (await ledgerOf(seller)).lines.find((l) => l.storeOrderId === later.id)!.net;
      clock.now += 15 * DAY;
      const run = json<PayoutRun>(
        await runPayouts(admin, payoutPeriodOf(new Date(clock.now - 15 * DAY)).end),
      );
      expect(run.results.find((r) => r.storeName === seller.storeName)).toMatchObject({
        outcome: 'PAID',
        amount: Math.round((laterNet - paidNet) * 100) / 100,
      });
      clock.now -= 15 * DAY;
      const settled = await ledgerOf(seller);
      expect(settled.adjustments).toEqual([
        expect.objectContaining({ kind: 'REFUND_AFTER_PAYOUT', amount: -paidNet }),
      ]);
    } finally {
      clock.now -= 15 * DAY;
    }
  });

  it('a period whose net is below zero is carried into the brand’s next payout, and taken once', async () => {
    const admin = await operator();
    const seller = await sellerWithStore(ctx.app);
    // 21 products and no sale: the period's net is the 21st listing's fee, -$0.10.
    for (let i = 0; i < 21; i += 1)
      await createItem(ctx.app, seller, validItem({ name: `Draft ${i + 1}` }));
    const period = payoutPeriodOf(new Date(clock.now));
    const next = nextPeriod(period);
    const saved = clock.now;
    const mine = (run: PayoutRun) => run.results.filter((r) => r.storeName === seller.storeName);
    try {
      clock.now = Date.parse(`${next.start}T00:00:00Z`) + DAY;
      const first = json<PayoutRun>(await runPayouts(admin, period.end));
      expect(mine(first)).toEqual([
        expect.objectContaining({
          outcome: 'CARRIED',
          amount: -0.1,
          reference: null,
          reason: PAYOUT_MESSAGES.carried,
        }),
      ]);
      expect(readFileSync(path.join(files, first.file!), 'utf8')).not.toContain(seller.storeName);
      const rerun = json<PayoutRun>(await runPayouts(admin, period.end));
      expect(mine(rerun)).toEqual([expect.objectContaining({ outcome: 'CARRIED', amount: -0.1 })]);

      // The ledger shows the balance in the next period, named after the one it comes from.
      let ledger = await ledgerOf(seller);
      expect(ledger.periods.find((p) => p.start === period.start)).toMatchObject({
        net: -0.1,
        payout: { status: 'CARRIED', amount: -0.1, reference: null, paidAt: null },
      });
      const carried = expect.objectContaining({
        kind: 'BALANCE_CARRIED',
        amount: -0.1,
        currency: 'CAD',
        description: `carried from ${period.start} to ${new Date(Date.parse(`${period.end}T00:00:00Z`) - DAY).toISOString().slice(0, 10)}`,
        period: next,
      });
      expect(ledger.adjustments).toContainEqual(carried);
      expect(ledger.periods.find((p) => p.start === next.start)).toMatchObject({
        balanceCarried: -0.1,
        net: -0.1,
        payout: null,
      });

      // A sale in the next period (its product is the 22nd: another $0.10): paid less both.
      const order = await sale(seller, 100);
      ledger = await ledgerOf(seller);
      const saleNet = ledger.lines.find((l) => l.storeOrderId === order.id)!.net;
      clock.now = Date.parse(`${next.end}T00:00:00Z`) + DAY;
      const paid = json<PayoutRun>(await runPayouts(admin, next.end));
      const expected = Math.round(saleNet * 100 - 10 - 10) / 100;
      expect(mine(paid)).toEqual([
        expect.objectContaining({
          outcome: 'PAID',
          amount: expected,
          reference: expect.any(String),
        }),
      ]);
      expect(readFileSync(path.join(files, paid.file!), 'utf8')).toContain(
        `,${seller.storeName},${next.start},${next.end},CAD,${expected.toFixed(2)}`,
      );
      ledger = await ledgerOf(seller);
      expect(ledger.adjustments.filter((a) => a.kind === 'BALANCE_CARRIED')).toEqual([carried]);
      expect(ledger.periods.find((p) => p.start === next.start)).toMatchObject({
        balanceCarried: -0.1,
        listingFees: -0.1,
        net: expected,
        payout: expect.objectContaining({ status: 'PAID', amount: expected }),
      });

      const statement = await ctx.app.inject({
        url: `/api/store/payouts/statements/${next.start}/csv`,
        headers: seller.headers,
      });
      expect(statement.body).toMatch(
        new RegExp(
          `\r\nbalance_carried,${next.start},carried from ${period.start} to [-\\d]+,CAD,(0\\.00,){8}-0\\.10,0\\.00,-0\\.10\r\n`,
        ),
      );

      // Taken once: reruns change nothing, and the period after has nothing of it.
      expect(mine(json<PayoutRun>(await runPayouts(admin, next.end)))).toEqual([
        expect.objectContaining({ outcome: 'ALREADY_PAID', amount: expected }),
      ]);
      expect(mine(json<PayoutRun>(await runPayouts(admin, period.end)))).toEqual([
        expect.objectContaining({ outcome: 'CARRIED', amount: -0.1 }),
      ]);
      const after = nextPeriod(next);
      clock.now = Date.parse(`${after.end}T00:00:00Z`) + DAY;
      expect(mine(json<PayoutRun>(await runPayouts(admin, after.end)))).toEqual([]);
      expect(
        (await ledgerOf(seller)).periods.filter((p) => p.payout?.status === 'PAID'),
      ).toHaveLength(1);
    } finally {
      clock.now = saved;
    }
  });

  it('a run that stops between payouts pays the rest on the rerun, and nothing twice', async () => {
    const admin = await operator();
    const sellers = [await sellerWithStore(ctx.app), await sellerWithStore(ctx.app)];
    for (const seller of sellers) await sale(seller, 80);
    const period = payoutPeriodOf(new Date(clock.now));
    clock.now += 15 * DAY;
    try {
      // The second store's payout never gets frozen: the process dies there.
      failTheSecondFreeze();
      expect((await runPayouts(admin, period.end)).statusCode).toBe(503);
      vi.restoreAllMocks();

      // The answer of a payout is lost after it was sent: it stays PENDING until a rerun.
      const markPaid = vi
        .spyOn(PayoutsRepository.prototype, 'markPaid')
        .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      const second = json<PayoutRun>(await runPayouts(admin, period.end));
      expect(markPaid).toHaveBeenCalled();
      vi.restoreAllMocks();
      const third = json<PayoutRun>(await runPayouts(admin, period.end));
      const fourth = json<PayoutRun>(await runPayouts(admin, period.end));
      const outcomes = (run: PayoutRun) =>
        sellers.map((s) => run.results.find((r) => r.storeName === s.storeName)?.outcome).sort();
      expect(outcomes(second)).toEqual(['ALREADY_PAID', 'FAILED']);
      expect(outcomes(third)).toEqual(['ALREADY_PAID', 'PAID']);
      expect(outcomes(fourth)).toEqual(['ALREADY_PAID', 'ALREADY_PAID']);
      for (const seller of sellers) {
        const paid = (await ledgerOf(seller)).periods.filter((p) => p.payout?.status === 'PAID');
        expect(paid).toHaveLength(1);
      }
    } finally {
      clock.now -= 15 * DAY;
    }
  });
});

describe('the console’s payouts due, their preview and the bank file (issue 39.2)', () => {
  it('lists the ended period due with what each brand will be paid, which the run then pays', async () => {
    const admin = await operator();
    const [a, b] = [await sellerWithStore(ctx.app), await sellerWithStore(ctx.app)];
    await sale(a, 100);
    await sale(b, 50);
    const period = payoutPeriodOf(new Date(clock.now));
    const netOf = async (seller: Seller) => (await ledgerOf(seller)).lines[0]!.net;
    const [netA, netB] = [await netOf(a), await netOf(b)];
    const due = async () =>
      json<DuePayouts>(
        await ctx.app.inject({ url: '/api/operator/payouts/due', headers: admin.headers }),
      );
    // Not ended: not due, and its preview says when it can be paid.
    expect((await due()).periods.map((p) => p.periodEnd)).not.toContain(period.end);
    expect((await due()).nextPayoutDate).toBe(period.end);
    const early = await ctx.app.inject({
      url: `/api/operator/payouts/preview?period=${period.end}`,
      headers: admin.headers,
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await ctx.app.inject({ url: '/api/operator/payouts/due', headers: a.headers })).statusCode,
    ).toBe(403);

    clock.now += 15 * DAY;
    try {
      const owed = (await due()).periods.find((p) => p.periodEnd === period.end)!;
      expect(owed.periodStart).toBe(period.start);
      expect(owed.brands).toEqual(
        expect.arrayContaining([
          {
            storeId: expect.any(String),
            storeName: a.storeName,
            currency: 'CAD',
            amount: netA,
            outcome: 'TO_PAY',
            reason: null,
          },
          {
            storeId: expect.any(String),
            storeName: b.storeName,
            currency: 'CAD',
            amount: netB,
            outcome: 'TO_PAY',
            reason: null,
          },
        ]),
      );
      const toPay = owed.brands.filter((line) => line.outcome === 'TO_PAY');
      expect(owed.toPay).toEqual([
        {
          currency: 'CAD',
          amount: toPay.reduce((sum, line) => Math.round((sum + line.amount) * 100) / 100, 0),
          brandCount: new Set(toPay.map((line) => line.storeId)).size,
        },
      ]);
      const preview = json<PayoutPreview>(
        await ctx.app.inject({
          url: `/api/operator/payouts/preview?period=${period.end}`,
          headers: admin.headers,
        }),
      );
      expect(preview).toEqual(owed);
      // The preview moved nothing: the run pays exactly what it showed.
      const run = json<PayoutRun>(await runPayouts(admin, period.end));
      for (const line of toPay)
        expect(run.results).toContainEqual(
          expect.objectContaining({
            storeId: line.storeId,
            storeName: line.storeName,
            amount: line.amount,
            outcome: 'PAID',
          }),
        );
      expect((await due()).periods.map((p) => p.periodEnd)).not.toContain(period.end);

      // The bank file: a download for operators, its name only in the run.
      expect(run.file).toMatch(/^payouts-[\w-]+\.csv$/);
      const download = await ctx.app.inject({
        url: `/api/operator/payouts/runs/${run.id}/file`,
        headers: admin.headers,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="${run.file}"`);
      expect(download.body).toContain(`,${a.storeName},${period.start},${period.end},CAD,`);
      const notOperator = await ctx.app.inject({
        url: `/api/operator/payouts/runs/${run.id}/file`,
        headers: a.headers,
      });
      expect(notOperator.statusCode).toBe(403);
      const missing = await ctx.app.inject({
        url: '/api/operator/payouts/runs/6f1c2d3e-4b5a-4c6d-8e7f-8a9b0c1d2e3f/file',
        headers: admin.headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(json(missing).message).toBe(PAYOUT_MESSAGES.noBankFile);
    } finally {
      clock.now -= 15 * DAY;
    }
  });

  it('a date that is no payout date names the two nearest ones, in the caller’s language', async () => {
    const admin = await operator();
    const refused = await runPayouts(admin, '2026-01-20');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).message).toBe(
      'Not a payout date: the nearest payout dates are 2026-01-19 and 2026-02-02 (every 14 days).',
    );
    const preview = await ctx.app.inject({
      url: '/api/operator/payouts/preview?period=2026-11-30',
      headers: { ...admin.headers, 'accept-language': 'fr-CA' },
    });
    expect(preview.statusCode).toBe(400);
    expect(json(preview).message).toBe(
      'Ce n’est pas une date de versement\u00a0: les plus proches sont le 2026-11-23 et le 2026-12-07 (tous les 14 jours).',
    );
  });
});

describe('concurrent payout runs of one period (issue 38.1)', () => {
  /** Every line of every bank file written so far that names one of `sellers`' stores. */
  const fileLines = (sellers: Seller[]) =>
    readdirSync(files)
      .flatMap((name) =>
        readFileSync(path.join(files, name), 'utf8')
          .split('\r\n')
          .map((line) => ({ name, line })),
      )
      .filter(({ line }) => sellers.some((s) => line.includes(`,${s.storeName},`)));

  it('eight runs at once are one run: every payout in exactly one bank file, and all answer its result', async () => {
    const admin = await operator();
    const sellers = [];
    for (let i = 0; i < 3; i += 1) sellers.push(await sellerWithStore(ctx.app));
    for (const seller of sellers) await sale(seller, 60 + sellers.indexOf(seller) * 10);
    const period = payoutPeriodOf(new Date(clock.now));
    clock.now += 15 * DAY;
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => runPayouts(admin, period.end)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
      const runs = answers.map((a) => json<PayoutRun>(a));
      const lines = fileLines(sellers);
      for (const seller of sellers)
        expect(lines.filter(({ line }) => line.includes(`,${seller.storeName},`))).toHaveLength(1);
      // The second to eighth waited for the first and answer with its result.
      expect(new Set(runs.map((r) => r.id)).size).toBe(1);
      for (const seller of sellers)
        expect(runs[0]!.results.find((r) => r.storeName === seller.storeName)).toMatchObject({
          outcome: 'PAID',
        });
      expect(new Set(lines.map((l) => l.name))).toEqual(new Set([path.basename(runs[0]!.file!)]));

      // Later runs are runs again (nothing left to pay): no file lists these stores again.
      const rerun = json<PayoutRun>(await runPayouts(admin, period.end));
      expect(rerun.id).not.toBe(runs[0]!.id);
      expect(fileLines(sellers)).toHaveLength(3);
    } finally {
      clock.now -= 15 * DAY;
    }
  });

  it('a run that died holding the period is taken over once its claim is stale, and its payouts stay in its own file', async () => {
    const admin = await operator();
    const sellers = [await sellerWithStore(ctx.app), await sellerWithStore(ctx.app)];
    for (const seller of sellers) await sale(seller, 70);
    const period = payoutPeriodOf(new Date(clock.now));
    clock.now += 15 * DAY;
    try {
      // The process dies after paying the first store: no file, and the period stays claimed.
      failTheSecondFreeze();
      vi.spyOn(PayoutsRepository.prototype, 'releaseClaim').mockResolvedValue(undefined);
      expect((await runPayouts(admin, period.end)).statusCode).toBe(503);
      vi.restoreAllMocks();
      expect(fileLines(sellers)).toHaveLength(0);

      // While its claim is fresh, another run waits (bounded) and says why it cannot run.
      vi.spyOn(PayoutsService.prototype, 'runWaitMs', 'get').mockReturnValue(300);
      const refused = await runPayouts(admin, period.end);
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe(PAYOUT_MESSAGES.runInProgress);
      vi.restoreAllMocks();

      // Once it is stale, the next run finishes the dead run's file and pays the rest in its own.
      await ctx.database.db.execute(
        sql`update payout_run_claims set expires_at = now() - interval '1 second'`,
      );
      const taken = await Promise.all([
        runPayouts(admin, period.end),
        runPayouts(admin, period.end),
      ]);
      expect(taken.map((t) => t.statusCode)).toEqual([200, 200]);
      const lines = fileLines(sellers);
      for (const seller of sellers)
        expect(lines.filter(({ line }) => line.includes(`,${seller.storeName},`))).toHaveLength(1);
      expect(new Set(lines.map((l) => l.name)).size).toBe(2);
      for (const seller of sellers) {
        const paid = (await ledgerOf(seller)).periods.filter((p) => p.payout?.status === 'PAID');
        expect(paid).toHaveLength(1);
      }
      const listed = json<PayoutRun[]>(
        await ctx.app.inject({ url: '/api/operator/payouts/runs', headers: admin.headers }),
      );
      expect(listed.filter((r) => r.periodStart === period.start && !r.finishedAt)).toEqual([]);
    } finally {
      clock.now -= 15 * DAY;
    }
  });
});

describe('statements (PDF and CSV)', () => {
  it('hold the sales, refunds, commission split, shipping, listing fees, tax excluded, net and reference', async () => {
    const seller = await sellerWithStore(ctx.app, { name: `Ателье Zoë ${Date.now()}` });
    const order = await sale(seller, 100);
    const line = (await ledgerOf(seller)).lines[0]!;
    const period = payoutPeriodOf(new Date(clock.now));
    const csv = await ctx.app.inject({
      url: `/api/store/payouts/statements/${period.start}/csv`,
      headers: seller.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(
      'type,date,reference,currency,sales,refunded,payment_fee,marketplace_fee,shipping_collected,shipping_reimbursement,listing_fee,refund_after_payout,balance_carried,tax_excluded,net',
    );
    expect(csv.body).toContain(
      `order,${line.placedAt.slice(0, 10)},${order.reference},CAD,100.00,0.00,-3.20,-17.10,${line.shippingCollected.toFixed(2)},${line.shippingReimbursement.toFixed(2)},0.00,0.00,0.00,${line.taxCollected.toFixed(2)},${line.net.toFixed(2)}`,
    );

    const pdf = await ctx.app.inject({
      url: `/api/store/payouts/statements/${period.start}/pdf`,
      headers: seller.headers,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Statement: ${seller.storeName}`);
    expect(text).toContain(`Order #${order.reference}`);
    expect(text).toContain('Payment fee -$3.20 CAD');
    expect(text).toContain('Marketplace fee -$17.10 CAD');
    expect(text).toContain(`Tax excluded $${line.taxCollected.toFixed(2)} CAD`);
    expect(text).toContain(`Net: $${line.net.toFixed(2)} CAD`);
    expect(text).toContain('Transfer reference: not paid yet');

    const wrong = await ctx.app.inject({
      url: '/api/store/payouts/statements/2026-01-06/pdf',
      headers: seller.headers,
    });
    expect(wrong.statusCode).toBe(400);
  });
});

/** The process dies at a run's second freeze: its connection is terminated there. */
function failTheSecondFreeze() {
  const freeze = PayoutsRepository.prototype.freeze;
  let calls = 0;
  vi.spyOn(PayoutsRepository.prototype, 'freeze').mockImplementation(function (
    this: PayoutsRepository,
    ...args
  ) {
    calls += 1;
    if (calls === 2) return Promise.reject(new Error('Connection terminated unexpectedly'));
    return freeze.apply(this, args);
  });
}
