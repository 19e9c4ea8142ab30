import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatDateIn } from '../packages/shared/src/i18n/format';
import { formatMoney } from '../packages/shared/src/money/money';
import { toCents } from '../packages/shared/src/money/cents';
import {
  periodEndingOn,
  type StorePayoutLedger,
} from '../packages/shared/src/payouts/payout-ledger';
import { payoutPeriodOf } from '../packages/shared/src/payouts/payouts';
import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, demoAccountPage, productId } from './helpers';

const password = 'a long enough password';

/** A new account, signed in through the API: its Authorization header. */
async function apiUser(request: APIRequestContext, prefix: string) {
  const userName = `${prefix}${Date.now().toString(36)}`;
  const registered = await request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: {
        firstName: 'Rita',
        lastName: 'Reviewer',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { userName, password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

test('the operator suspends and reinstates a brand, and hides a reported review', async ({
  browser,
  request,
}) => {
  const operator = await demoAccountPage(browser, 'operator');
  await expect(operator.getByRole('link', { name: 'Operator' })).toBeVisible();
  const shopper = await (await browser.newContext()).newPage();
  // No Operator link for a shopper.
  await shopper.goto('/products?keyword=Railtown');
  await expect(shopper.getByText('Railtown Raw Selvedge Jeans').first()).toBeVisible();
  await expect(shopper.getByRole('link', { name: 'Operator' })).toHaveCount(0);

  const decide = async (action: 'Suspend' | 'Reinstate', reason: string) => {
    await operator.getByRole('button', { name: `${action} Maple Denim Co` }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: action }).click();
    await expect(dialog).toBeHidden();
  };

  await operator.getByRole('link', { name: 'Operator' }).click();
  await expect(operator.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await decide('Suspend', 'Counterfeit labels reported.');
  await expect(
    operator.getByRole('row', { name: /Maple Denim Co/ }).getByText('Suspended'),
  ).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shopper.getByText('Railtown Raw Selvedge Jeans')).toHaveCount(0);

  await decide('Reinstate', 'Receipts checked.');
  await shopper.reload();
  await expect(shopper.getByText('Railtown Raw Selvedge Jeans').first()).toBeVisible();

  // A one-star review, reported by another shopper, pulls the cardigan's average down.
  const cardigan = await productId(request, 'Alpaca Cardigan');
  const reviewer = await apiUser(request, 'rev');
  const written = await request.post('/api/item-review', {
    headers: reviewer,
    data: { itemId: cardigan, rating: 1, fitScore: 3, comment: 'Spam spam spam.' },
  });
  expect(written.status()).toBe(201);
  const reporter = await apiUser(request, 'rep');
  const reported = await request.post(
    `/api/item-review/${((await written.json()) as { reviewId: number }).reviewId}/report`,
    { headers: reporter, data: { reason: 'Not about the product.' } },
  );
  expect(reported.status()).toBe(204);

  const summary = async () =>
    (await (await request.get(`/api/item-review/item/${cardigan}/summary`)).json()) as {
      count: number;
      averageRating: number;
    };
  const withSpam = await summary();
  await shopper.goto(`/product/${cardigan}`);
  await expect(shopper.getByText(`Based on ${withSpam.count} reviews`)).toBeVisible();
  await expect(
    shopper.getByRole('img', {
      name: `Average rating ${withSpam.averageRating.toFixed(1)} out of 5`,
    }),
  ).toBeVisible();

  await operator.getByRole('tab', { name: 'Reported reviews' }).click();
  await operator
    .getByRole('button', { name: /^Hide the review by Rita R\. of Alpaca Cardigan/ })
    .click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Spam.');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(operator.getByText('No reported reviews are waiting.')).toBeVisible();

  const after = await summary();
  expect(after.count).toBe(withSpam.count - 1);
  expect(after.averageRating).toBeGreaterThan(withSpam.averageRating);
  await shopper.reload();
  await expect(shopper.getByText(`Based on ${after.count} reviews`)).toBeVisible();
  await expect(
    shopper.getByRole('img', { name: `Average rating ${after.averageRating.toFixed(1)} out of 5` }),
  ).toBeVisible();
  await expect(shopper.getByText('Spam spam spam.')).toHaveCount(0);
});

/**
 * What the demo seed bought in the last payout period that has ended, by brand
 * (apps/api/src/db/seed/demo-past-orders.ts): nothing else can be dated in an ended period.
 */
const PAST_ORDERS = [
  {
    brand: 'Mile End Studio',
    owner: 'mile-end-studio',
    orders: 2,
    bought: [
      ['Wide Leg Linen Trousers', 1],
      ['Organic Cotton Tee', 2],
      ['Striped Boat Neck Top', 1],
    ],
  },
  { brand: 'Queen West Wear', owner: 'queen-west-wear', orders: 1, bought: [['Down Vest', 1]] },
] as const;

/** What a demo product sells for now (its sale price), found by its exact name. */
async function salePriceOf(request: APIRequestContext, name: string): Promise<number> {
  const search = await request.get(`/api/item/public/search?keyword=${encodeURIComponent(name)}`);
  const found = ((await search.json()) as { name: string; salePrice: number }[]).find(
    (item) => item.name === name,
  );
  expect(found, name).toBeDefined();
  return found!.salePrice;
}

test('the operator runs the payouts of the last ended period: each brand is paid once', async ({
  browser,
  request,
}) => {
  const period = periodEndingOn(payoutPeriodOf(new Date()).start);
  const ledgers = async () => {
    const byBrand = new Map<string, StorePayoutLedger>();
    for (const { brand, owner } of PAST_ORDERS) {
      const login = await request.post('/api/auth/login', {
        data: { userName: owner, password: DEMO_PASSWORD },
      });
      const { accessToken } = (await login.json()) as { accessToken: string };
      const ledger = await request.get('/api/store/payouts', {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      byBrand.set(brand, (await ledger.json()) as StorePayoutLedger);
    }
    return byBrand;
  };

  // Each brand's period holds the seed's orders, at the prices of what it bought, unpaid.
  const expected = new Map<string, number>();
  for (const [brand, ledger] of await ledgers()) {
    const { orders, bought } = PAST_ORDERS.find((past) => past.brand === brand)!;
    const owed = ledger.periods.find((p) => p.start === period.start && p.currency === 'CAD');
    expect(owed, brand).toMatchObject({ orders, listingFees: 0, payout: null });
    let grossCents = 0;
    for (const [name, quantity] of bought)
      grossCents += toCents(await salePriceOf(request, name)) * quantity;
    const lines = ledger.lines.filter((line) => line.period.start === period.start);
    expect(lines.reduce((sum, line) => sum + toCents(line.gross), 0)).toBe(grossCents);
    expect(lines.reduce((sum, line) => sum + toCents(line.net), 0)).toBe(toCents(owed!.net));
    expected.set(brand, owed!.net);
  }

  // A wrong date asked of the API names the nearest payout dates (issue 39.2).
  const operatorLogin = await request.post('/api/auth/login', {
    data: { userName: 'operator', password: DEMO_PASSWORD },
  });
  const operatorHeaders = {
    Authorization: `Bearer ${((await operatorLogin.json()) as { accessToken: string }).accessToken}`,
  };
  const dayAfter = new Date(Date.parse(`${period.end}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10);
  const wrong = await request.post('/api/operator/payouts/run', {
    headers: operatorHeaders,
    data: { period: dayAfter },
  });
  expect(wrong.status()).toBe(400);
  expect(((await wrong.json()) as { message: string }).message).toBe(
    `Not a payout date: the nearest payout dates are ${period.end} and ${payoutPeriodOf(`${period.end}T00:00:00Z`).end} (every 14 days).`,
  );

  const operator = await demoAccountPage(browser, 'operator');
  await operator.goto('/operator?tab=payouts');
  // The console writes a period's days as the page's language does ("Jan 5, 2026", UTC days).
  const day = (iso: string) => formatDateIn('en', iso, { dateStyle: 'medium', timeZone: 'UTC' });
  // No date to type: the period due, with what each brand will be paid, from the server.
  const preview = operator.getByRole('region', {
    name: `Preview of the payouts of ${day(period.start)} to ${day(period.end)}`,
  });
  await expect(preview.getByRole('row')).toHaveCount(expected.size + 1);
  let totalCents = 0;
  for (const [brand, amount] of expected) {
    const row = preview
      .getByRole('row')
      .filter({ has: operator.getByRole('rowheader', { name: brand }) });
    await expect(row.getByRole('cell')).toHaveText([formatMoney(amount, 'CAD'), 'To pay']);
    totalCents += toCents(amount);
  }
  const total = formatMoney(totalCents / 100, 'CAD');
  await operator.getByRole('button', { name: `Pay ${total} to ${expected.size} brands` }).click();
  const confirm = operator.getByRole('dialog', { name: 'Run payouts' });
  await expect(confirm).toContainText(`Pay ${total} to ${expected.size} brands?`);
  await confirm.getByRole('button', { name: `Pay ${total}`, exact: true }).click();

  const periodTables = `Payouts of ${day(period.start)} to ${day(period.end)}`;
  const expectRun = async (outcome: string) => {
    // "This run" comes first; the list of runs follows with the same period's tables.
    const rows = operator.getByRole('region', { name: periodTables }).first().getByRole('row');
    await expect(rows).toHaveCount(expected.size + 1);
    for (const [brand, amount] of expected) {
      const row = rows.filter({ has: operator.getByRole('rowheader', { name: brand }) });
      await expect(row.getByRole('cell')).toHaveText([outcome, formatMoney(amount, 'CAD'), /^BT-/]);
    }
  };
  await expectRun('Paid');
  // Paid: the period is no longer due.
  await expect(operator.getByText(/^No payouts are due\. The next payout date is /)).toBeVisible();

  // The bank file is a download (the operator's token), not a path on the server.
  await expect(operator.getByText(/\/payouts\//)).toHaveCount(0);
  const downloading = operator.waitForEvent('download');
  await operator.getByRole('button', { name: 'Download the bank transfer file' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^payouts-${period.end}-[\\w-]+\\.csv$`));
  const bankFile = await readFile(await download.path(), 'utf8');
  for (const [brand, amount] of expected)
    expect(bankFile).toContain(`,${brand},${period.start},${period.end},CAD,${amount.toFixed(2)}`);
  const [lastRun] = (await (
    await request.get('/api/operator/payouts/runs', { headers: operatorHeaders })
  ).json()) as { id: string; file: string }[];
  expect(lastRun!.file).toBe(download.suggestedFilename());
  expect((await request.get(`/api/operator/payouts/runs/${lastRun!.id}/file`)).status()).toBe(401);

  // Again (the API; the console no longer offers it): nothing is paid twice, with the same amounts.
  const again = await request.post('/api/operator/payouts/run', {
    headers: operatorHeaders,
    data: { period: period.end },
  });
  for (const result of (
    (await again.json()) as { results: { storeName: string; outcome: string; amount: number }[] }
  ).results)
    expect(result, result.storeName).toMatchObject({
      outcome: 'ALREADY_PAID',
      amount: expected.get(result.storeName),
    });
  await operator.reload();
  await expectRun('Already paid');
  await expect(operator.getByRole('region', { name: periodTables })).toHaveCount(2);

  for (const [brand, ledger] of await ledgers()) {
    const paid = ledger.periods.find((p) => p.start === period.start && p.currency === 'CAD');
    expect(paid!.payout, brand).toMatchObject({ status: 'PAID', amount: expected.get(brand) });
  }
});
