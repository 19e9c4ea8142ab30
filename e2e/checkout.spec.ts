import { expect, test, type Page } from '@playwright/test';
import { LOCAL_TEST_CARDS } from '../packages/shared/src/orders/checkout';
import { addToBag, productId, signUpAndLogIn } from './helpers';

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill('2030');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
}

test('a shopper buys from two brands with the test card and finds the order under My Orders', async ({
  page,
  request,
}) => {
  const jeans = await productId(request, 'railtown selvedge');
  const cardigan = await productId(request, 'alpaca cardigan');
  await signUpAndLogIn(page, 'buyer');
  await addToBag(page, jeans, 'Blue', 'L');
  await addToBag(page, cardigan, 'Blue', 'M');

  await page.goto('/shopping-bag');
  await page
    .getByRole('button', { name: 'Increase quantity of Railtown Raw Selvedge Jeans' })
    .click();
  const summary = page.getByRole('complementary', { name: 'ORDER SUMMARY' });
  await expect(summary).toContainText('$526.50 CAD'); // 2 × $189.00 + $148.50: free shipping from $300
  await summary.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill('Cleo Checkout');
  await form.getByLabel('Street address').fill('1055 West Georgia Street');
  await form.getByLabel('City', { exact: true }).fill('Vancouver');
  await form.getByLabel('Country').selectOption('CA');
  await form.getByLabel('Province').selectOption('BC');
  await form.getByLabel('Postal code').fill('V6E 3P3');
  await expect(form.getByLabel('Standard Shipping')).toBeChecked();

  // A declined card: the provider's message, and nothing is placed.
  await payWith(page, LOCAL_TEST_CARDS.declined);
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);

  await payWith(page, LOCAL_TEST_CARDS.succeeds);
  await expect(page).toHaveURL(/\/checkout\/success\?orderId=/);
  await expect(page.getByText('Payment successful and order placed!').first()).toBeVisible();

  await page.goto('/user');
  const orders = page.getByRole('button', { name: /Order/, expanded: false });
  await expect(orders).toHaveCount(1);
  await orders.first().click();
  await expect(page.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toHaveAttribute(
    'href',
    `/product/${jeans}`,
  );
  await expect(page.getByRole('link', { name: 'Alpaca Cardigan' })).toBeVisible();
  await expect(page.getByText('$526.50').first()).toBeVisible();

  await page.goto('/shopping-bag');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});
