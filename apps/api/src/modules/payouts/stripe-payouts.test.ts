import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  nextPeriod,
  payoutPeriodOf,
  toCents,
  type PayoutAccount,
  type PayoutPeriod,
  type PayoutRun,
  type StoreOrderView,
  type StorePayoutLedger,
} from '@marketplace/shared';
import { payoutAccounts } from '../../db/schema';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { FakeStripe } from '../../../test/fake-stripe';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import { PayoutsRepository } from './payouts.repository';

// Stripe Connect payouts (issue 17.6) against the local Stripe-shaped server: Express
// onboarding, account.updated, one transfer per store and period, reversals of late refunds.
const DAY = 86_400_000;
const stripe = new FakeStripe();
const clock = { now: Date.now() };
beforeAll(() => stripe.start());
afterAll(() => stripe.stop());
afterEach(() => vi.restoreAllMocks());
const ctx = setupTestApp(() => ({
  payouts: stripe.payoutProvider(),
  now: () => new Date(clock.now),
}));
const steps = orderSteps(ctx);

const as = (who: { headers: Record<string, string> }, method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url, headers: who.headers });
const ledgerOf = async (seller: Seller) =>
  json<StorePayoutLedger>(await as(seller, 'GET', '/api/store/payouts'));
const accountOf = async (seller: Seller) =>
  json<PayoutAccount>(await as(seller, 'GET', '/api/store/payouts/account'));

let admin: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  admin = await loginAs(ctx.app);
  await ctx.app.services.users.setRole(admin.userName, 'operator');
});

/** The operator runs the payouts of `period` (at the clock's time). */
async function postRun(period: PayoutPeriod): Promise<PayoutRun> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/operator/payouts/run',
    headers: admin.headers,
    payload: { period: period.end },
  });
  expect(response.statusCode).toBe(200);
  return json<PayoutRun>(response);
}

/** Runs the payouts of the period that holds the clock, 15 days later. */
async function runPeriod(period = payoutPeriodOf(new Date(clock.now))): Promise<PayoutRun> {
  clock.now += 15 * DAY;
  try {
    return await postRun(period);
  } finally {
    clock.now -= 15 * DAY;
  }
}

async function onboarded(): Promise<{ seller: Seller; accountId: string }> {
  const seller = await sellerWithStore(ctx.app);
  const started = await as(seller, 'POST', '/api/store/payouts/account/onboarding');
  expect(started.statusCode).toBe(200);
  const { accountId } = await accountOf(seller);
  stripe.completeOnboarding(accountId!);
  const { payload, headers } = stripe.event('account.updated', stripe.accounts.get(accountId!));
  const event = await ctx.app.inject({
    method: 'POST',
    url: '/api/payouts/stripe/webhook',
    payload,
    headers,
  });
  expect(event.statusCode).toBe(200);
  return { seller, accountId: accountId! };
}

async function sale(seller: Seller, price: number) {
  const buyer = await loginAs(ctx.app);
  const item = await steps.product(seller, { price });
  await steps.addToBag(buyer, item);
  const session = await steps.paidCheckout(buyer);
  const orders = json<StoreOrderView[]>(await as(seller, 'GET', '/api/store/orders'));
  return orders.find((o) => o.orderId === session.orderId)!;
}

const resultOf = (run: PayoutRun, seller: Seller) =>
  run.results.find((r) => r.storeName === seller.storeName);

describe('onboarding (Express accounts, account links, account.updated)', () => {
  it('opens one Express account per store, links to onboarding, and follows its status', async () => {
    const seller = await sellerWithStore(ctx.app);
    expect(await accountOf(seller)).toEqual({
      provider: 'stripe',
      status: 'not_started',
      accountId: null,
    });
    const first = json<{ url: string }>(
      await as(seller, 'POST', '/api/store/payouts/account/onboarding'),
    );
    const second = json<{ url: string }>(
      await as(seller, 'POST', '/api/store/payouts/account/onboarding'),
    );
    const { accountId, status } = await accountOf(seller);
    expect(status).toBe('details_needed');
    const account = stripe.accounts.get(accountId!)!;
    expect(account).toMatchObject({ type: 'express', email: seller.email, country: 'CA' });
    expect([...stripe.accounts.values()].filter((a) => a.email === seller.email)).toHaveLength(1);
    const links = stripe.accountLinks.filter((l) => l.account === accountId);
    expect(links.map((l) => l.url)).toEqual([first.url, second.url]);
    expect(links[0]).toMatchObject({
      return_url: 'http://shop.test/admin?tab=payouts&onboarding=return',
      refresh_url: 'http://shop.test/admin?tab=payouts&onboarding=refresh',
    });

    // From a French page (issue 19), Stripe sends the seller back to the French dashboard.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/store/payouts/account/onboarding',
      headers: { ...seller.headers, 'accept-language': 'fr-CA' },
    });
    expect(stripe.accountLinks.filter((l) => l.account === accountId).at(-1)).toMatchObject({
      return_url: 'http://shop.test/fr/admin?tab=payouts&onboarding=return',
      refresh_url: 'http://shop.test/fr/admin?tab=payouts&onboarding=refresh',
    });

    // Details given, payouts not enabled yet: verified.
    stripe.completeOnboarding(accountId!, false);
    const forged = stripe.event('account.updated', account, 'whsec_someone_else');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts/stripe/webhook',
      payload: forged.payload,
      headers: forged.headers,
    });
    expect(refused.statusCode).toBe(400);
    const stored = () =>
      ctx.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId!));
    expect((await stored())[0]!.status).toBe('details_needed');
    const signed = stripe.event('account.updated', account);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payouts/stripe/webhook',
      payload: signed.payload,
      headers: signed.headers,
    });
    expect((await stored())[0]!.status).toBe('verified');
  });
});

describe('transfers', () => {
  it('pays an onboarded brand one transfer per period, and skips brands not ready with the reason', async () => {
    const { seller, accountId } = await onboarded();
    const waiting = await sellerWithStore(ctx.app);
    const halfway = await sellerWithStore(ctx.app);
    await as(halfway, 'POST', '/api/store/payouts/account/onboarding');
    await sale(seller, 100);
    await sale(waiting, 40);
    await sale(halfway, 40);
    const net = (await ledgerOf(seller)).lines[0]!.net;
    const period = payoutPeriodOf(new Date(clock.now));

    const run = await runPeriod();
    expect(resultOf(run, seller)).toMatchObject({ outcome: 'PAID', amount: net });
    expect(resultOf(run, waiting)).toMatchObject({
      outcome: 'SKIPPED',
      reason: 'Not onboarded to Stripe payouts yet.',
    });
    expect(resultOf(run, halfway)).toMatchObject({
      outcome: 'SKIPPED',
      reason: 'Stripe needs more details from the brand before paying it.',
    });
    const transfers = stripe.transfers.filter((t) => t.destination === accountId);
    expect(transfers).toEqual([
      expect.objectContaining({
        id: resultOf(run, seller)!.reference,
        amount: Math.round(net * 100),
        currency: 'cad',
        transfer_group: expect.stringContaining(period.start),
      }),
    ]);
    const sent = stripe.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/transfers' && r.body.destination === accountId,
    );
    expect(sent?.idempotencyKey).toBe(transfers[0]!.transfer_group);
    expect(resultOf(await runPeriod(), seller)).toMatchObject({ outcome: 'ALREADY_PAID' });
    expect(stripe.transfers.filter((t) => t.destination === accountId)).toHaveLength(1);
  });

  it('a rerun after a crash between transfers pays nothing twice, even once Stripe forgot the key', async () => {
    const brands = [await onboarded(), await onboarded()];
    for (const { seller } of brands) await sale(seller, 60);
    vi.spyOn(PayoutsRepository.prototype, 'markPaid').mockRejectedValue(
      new Error('Connection terminated unexpectedly'),
    );
    const crashed = await runPeriod();
    expect(brands.map(({ seller }) => resultOf(crashed, seller)?.outcome)).toEqual([
      'FAILED',
      'FAILED',
    ]);
    vi.restoreAllMocks();
    stripe.forgetIdempotencyKeys();
    const rerun = await runPeriod();
    for (const { seller, accountId } of brands) {
      const transfers = stripe.transfers.filter((t) => t.destination === accountId);
      expect(transfers).toHaveLength(1);
      expect(resultOf(rerun, seller)).toMatchObject({
        outcome: 'PAID',
        reference: transfers[0]!.id,
      });
    }
  });

  it('eight runs of one period at once send each brand one transfer, asked once (issue 38.1)', async () => {
    const brands = [await onboarded(), await onboarded()];
    for (const { seller } of brands) await sale(seller, 75);
    const period = payoutPeriodOf(new Date(clock.now));
    clock.now += 15 * DAY;
    let runs: PayoutRun[];
    try {
      runs = await Promise.all(Array.from({ length: 8 }, () => postRun(period)));
    } finally {
      clock.now -= 15 * DAY;
    }
    for (const { seller, accountId } of brands) {
      const posted = stripe.requests.filter(
        (r) =>
          r.method === 'POST' && r.path === '/v1/transfers' && r.body.destination === accountId,
      );
      expect(posted).toHaveLength(1);
      const transfers = stripe.transfers.filter((t) => t.destination === accountId);
      expect(transfers).toHaveLength(1);
      expect(resultOf(runs[0]!, seller)).toMatchObject({
        outcome: 'PAID',
        reference: transfers[0]!.id,
      });
    }
    expect(new Set(runs.map((r) => r.id)).size).toBe(1);
  });

  it('a refund after the transfer reverses that much of it; when the money is gone it is carried', async () => {
    const { seller, accountId } = await onboarded();
    const order = await sale(seller, 100);
    const net = (await ledgerOf(seller)).lines[0]!.net;
    await runPeriod();
    const [transfer] = stripe.transfers.filter((t) => t.destination === accountId);
    expect((await as(seller, 'POST', `/api/store/orders/${order.id}/refund`)).statusCode).toBe(200);

    // The next period's run takes the refund back from the transfer.
    const next = payoutPeriodOf(new Date(clock.now + 14 * DAY));
    clock.now += 14 * DAY;
    try {
      const later = await sale(seller, 50);
      const run = await runPeriod(next);
      const laterNet = (await ledgerOf(seller)).lines.find((l) => l.storeOrderId === later.id)!.net;
      expect(transfer!.reversals.data).toEqual([
        expect.objectContaining({ amount: Math.round(net * 100) }),
      ]);
      expect(resultOf(run, seller)).toMatchObject({ outcome: 'PAID', amount: laterNet });
      const ledger = await ledgerOf(seller);
      expect(ledger.adjustments).toEqual([
        expect.objectContaining({ kind: 'REFUND_REVERSED', amount: -net }),
      ]);
    } finally {
      clock.now -= 14 * DAY;
    }

    // Paid out to the bank meanwhile: nothing to reverse, so the next period pays less.
    const other = await onboarded();
    const gone = await sale(other.seller, 100);
    const goneNet = (await ledgerOf(other.seller)).lines[0]!.net;
    await runPeriod();
    stripe.payOutToBank(other.accountId);
    expect((await as(other.seller, 'POST', `/api/store/orders/${gone.id}/refund`)).statusCode).toBe(
      200,
    );
    clock.now += 14 * DAY;
    try {
      const third = await sale(other.seller, 200);
      const run = await runPeriod(next);
      const thirdNet = (await ledgerOf(other.seller)).lines.find(
        (l) => l.storeOrderId === third.id,
      )!.net;
      expect(resultOf(run, other.seller)).toMatchObject({
        outcome: 'PAID',
        amount: Math.round((thirdNet - goneNet) * 100) / 100,
      });
      expect((await ledgerOf(other.seller)).adjustments).toEqual([
        expect.objectContaining({ kind: 'REFUND_AFTER_PAYOUT', amount: -goneNet, period: next }),
      ]);
    } finally {
      clock.now -= 14 * DAY;
    }
  });

  it('a period whose net is below zero sends nothing; the next transfer is that much smaller, once', async () => {
    const { seller, accountId } = await onboarded();
    const order = await sale(seller, 100);
    const paidNet = (await ledgerOf(seller)).lines[0]!.net;
    const first = payoutPeriodOf(new Date(clock.now));
    const second = nextPeriod(first);
    const third = nextPeriod(second);
    const transfers = () => stripe.transfers.filter((t) => t.destination === accountId);
    const saved = clock.now;
    const run = async (period: PayoutPeriod) => {
      clock.now = Date.parse(`${period.end}T00:00:00Z`) + DAY;
      return resultOf(await postRun(period), seller);
    };
    try {
      expect(await run(first)).toMatchObject({ outcome: 'PAID', amount: paidNet });
      // The brand's balance went to its bank: the refund cannot be reversed, so it is carried,
      // and the second period's small sale leaves its net below zero.
      stripe.payOutToBank(accountId);
      clock.now = Date.parse(`${second.start}T00:00:00Z`) + DAY;
      expect((await as(seller, 'POST', `/api/store/orders/${order.id}/refund`)).statusCode).toBe(
        200,
      );
      const small = await sale(seller, 20);
      const smallNet = (await ledgerOf(seller)).lines.find((l) => l.storeOrderId === small.id)!.net;
      const balance = Math.round(smallNet * 100 - paidNet * 100) / 100;
      expect(balance).toBeLessThan(0);
      expect(await run(second)).toMatchObject({ outcome: 'CARRIED', amount: balance });
      expect(transfers()).toHaveLength(1);

      clock.now = Date.parse(`${third.start}T00:00:00Z`) + DAY;
      const big = await sale(seller, 200);
      const bigNet = (await ledgerOf(seller)).lines.find((l) => l.storeOrderId === big.id)!.net;
      const expected = Math.round(bigNet * 100 + balance * 100) / 100;
      expect(await run(third)).toMatchObject({ outcome: 'PAID', amount: expected });
      expect(transfers().map((t) => t.amount)).toEqual([
        Math.round(paidNet * 100),
        Math.round(expected * 100),
      ]);
      const ledger = await ledgerOf(seller);
      expect(ledger.adjustments.filter((a) => a.kind === 'BALANCE_CARRIED')).toEqual([
        expect.objectContaining({ amount: balance, period: third }),
      ]);
      expect(ledger.periods.find((p) => p.start === second.start)?.payout).toMatchObject({
        status: 'CARRIED',
        amount: balance,
      });

      // Reruns send nothing more, even once Stripe forgot the keys.
      stripe.forgetIdempotencyKeys();
      expect(await run(second)).toMatchObject({ outcome: 'CARRIED', amount: balance });
      expect(await run(third)).toMatchObject({ outcome: 'ALREADY_PAID', amount: expected });
      expect(transfers()).toHaveLength(2);
    } finally {
      clock.now = saved;
    }
  });

  it('charges on the platform with a transfer group per order (separate charges and transfers)', async () => {
    const payments = stripe.provider();
    const orderId = '5f0c6a38-8d0f-4a4e-9c39-1f6f5d0c2b11';
    await payments.createPayment({ orderId, amountCents: toCents(10), currency: 'CAD' });
    const created = stripe.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    expect(created?.body.transfer_group).toBe(`order-${orderId}`);
  });
});
