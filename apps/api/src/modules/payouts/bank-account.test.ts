import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  payoutPeriodOf,
  type BankAccountAnswer,
  type PayoutRun,
  type StoreOrderView,
} from '@marketplace/shared';
import { sellerWithStore, type Seller } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import { payoutBankAccounts } from '../../db/schema';
import { BankDetailsCipher, DEV_BANK_DETAILS_KEY } from './bank-details-cipher';

// Issue 39.3: a brand's bank details for the local payouts' bank file: validated by the shared
// schema, kept encrypted, answered masked, only ever the owner's own.
const DAY = 86_400_000;
const clock = { now: Date.now() };
const files = mkdtempSync(path.join(tmpdir(), 'bank-files-'));
const ctx = setupTestApp(() => ({ now: () => new Date(clock.now), payoutFilesDir: files }));
const steps = orderSteps(ctx);

const CANADIAN = {
  country: 'CA',
  accountHolder: 'Maya Roy',
  transitNumber: '12345',
  institutionNumber: '003',
  accountNumber: '1234567890',
};
// 011000015 is a valid ABA number (3·0+7·1+1·1+3·0+7·0+1·0+3·0+7·1+1·5 = 20).
const AMERICAN = {
  country: 'US',
  accountHolder: 'Sam Lee',
  routingNumber: '011000015',
  accountNumber: '000123456789',
};

const put = (who: { headers: Record<string, string> }, payload: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/store/payouts/bank-account',
    headers: who.headers,
    payload,
  });
const get = async (who: { headers: Record<string, string> }) =>
  json<BankAccountAnswer>(
    await ctx.app.inject({ url: '/api/store/payouts/bank-account', headers: who.headers }),
  );

describe('bank details (issue 39.3)', () => {
  it.each([
    [{ ...CANADIAN, transitNumber: '1234' }, 'The transit number is 5 digits.'],
    [{ ...CANADIAN, institutionNumber: '03' }, 'The institution number is 3 digits.'],
    [{ ...CANADIAN, accountNumber: '123456' }, 'The account number is 7 to 12 digits.'],
    [{ ...CANADIAN, accountHolder: ' ' }, 'Account holder is required.'],
    [{ ...AMERICAN, routingNumber: '01100001' }, 'The routing number is 9 digits.'],
    [
      { ...AMERICAN, routingNumber: '011000016' },
      'This routing number is not valid: check its 9 digits.',
    ],
    [{ ...AMERICAN, accountNumber: '123' }, 'The account number is 4 to 17 digits.'],
    [{ ...CANADIAN, country: 'FR' }, 'Choose Canada or the United States.'],
  ])('refuses %j: %s', async (payload, message) => {
    const seller = await sellerWithStore(ctx.app);
    const response = await put(seller, payload);
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe(message);
    expect((await get(seller)).bankAccount).toBeNull();
  });

  it('keeps them encrypted, answers them masked, and only to their store’s owner', async () => {
    const seller = await sellerWithStore(ctx.app);
    expect(await get(seller)).toEqual({ needed: true, bankAccount: null });
    const saved = await put(seller, { ...CANADIAN, transitNumber: '12 345' });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({
      country: 'CA',
      accountHolder: 'Maya Roy',
      accountLast4: '7890',
    });
    expect(saved.body).not.toContain('1234567890');
    expect(saved.body).not.toContain('12345');
    const read = await get(seller);
    expect(read.bankAccount).toMatchObject({ accountHolder: 'Maya Roy', accountLast4: '7890' });
    expect(JSON.stringify(read)).not.toContain('1234567890');

    // The row holds no number in the clear; it opens with the key, for this store only.
    const storeId = (await ctx.app.services.stores.requireOwnedStore(seller.userName)).id;
    const [row] = await ctx.database.db
      .select()
      .from(payoutBankAccounts)
      .where(eq(payoutBankAccounts.storeId, storeId));
    expect(row!.details).toMatch(/^v1:/);
    for (const clear of ['1234567890', '12345', 'Maya Roy'])
      expect(row!.details).not.toContain(clear);
    const cipher = new BankDetailsCipher(DEV_BANK_DETAILS_KEY);
    expect(JSON.parse(cipher.decrypt(row!.details, storeId))).toMatchObject({
      transitNumber: '12345',
      accountNumber: '1234567890',
    });
    expect(() => cipher.decrypt(row!.details, 'another-store')).toThrow();

    // Another owner reads and writes only their own; a user without a store gets 403.
    const other = await sellerWithStore(ctx.app);
    expect((await get(other)).bankAccount).toBeNull();
    expect((await put(other, AMERICAN)).statusCode).toBe(200);
    expect((await get(other)).bankAccount).toMatchObject({ country: 'US', accountLast4: '6789' });
    expect((await get(seller)).bankAccount).toMatchObject({ country: 'CA', accountLast4: '7890' });
    const buyer = await loginAs(ctx.app);
    expect(
      (await ctx.app.inject({ url: '/api/store/payouts/bank-account', headers: buyer.headers }))
        .statusCode,
    ).toBe(403);
    expect((await put(buyer, CANADIAN)).statusCode).toBe(403);
    const signedOut = await ctx.app.inject({ url: '/api/store/payouts/bank-account' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('puts each store’s bank details on its line of the bank file', async () => {
    const admin = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(admin.userName, 'operator');
    const [canadian, american] = [await sellerWithStore(ctx.app), await sellerWithStore(ctx.app)];
    await put(canadian, CANADIAN);
    await sale(canadian);
    await sale(american);
    const period = payoutPeriodOf(new Date(clock.now));
    clock.now += 15 * DAY;
    const run = json<PayoutRun>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/operator/payouts/run',
        headers: admin.headers,
        payload: { period: period.end },
      }),
    );
    const file = await ctx.app.inject({
      url: `/api/operator/payouts/runs/${run.id}/file`,
      headers: admin.headers,
    });
    const lines = file.body.split('\r\n');
    expect(lines[0]).toContain(
      'account_holder,bank_country,transit_number,institution_number,routing_number,account_number',
    );
    expect(lines.find((l) => l.includes(canadian.storeName))).toMatch(
      /,Maya Roy,CA,12345,003,,1234567890$/,
    );
    // A store that gave none yet: its line says so with empty fields.
    expect(lines.find((l) => l.includes(american.storeName))).toMatch(/,,,,,,$/);
  });
});

async function sale(seller: Seller) {
  const shopper = await loginAs(ctx.app);
  const item = await steps.product(seller, { price: 40 });
  await steps.addToBag(shopper, item);
  const session = await steps.paidCheckout(shopper);
  const orders = json<StoreOrderView[]>(
    await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers }),
  );
  return orders.find((o) => o.orderId === session.orderId)!;
}
