import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoAccountPage, productId } from './helpers';

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
