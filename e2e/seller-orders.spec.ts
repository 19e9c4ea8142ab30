import { expect, test, type Page } from '@playwright/test';
import { bearerOf, buyThroughApi, demoOption, signUpAndLogIn } from './helpers';

async function logIn(page: Page, userName: string) {
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a brand accepts, rejects, prints the label and ships; the buyer sees each status', async ({
  browser,
  request,
}) => {
  const shirt = await demoOption(request, 'Linen Camp Shirt', 'BLUE', 'M');
  const dress = await demoOption(request, 'Linen Wrap Dress', 'RED', 'S');

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpAndLogIn(buyer, 'olive');
  const reference = await buyThroughApi(buyer, [shirt, dress]);

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await logIn(seller, 'mile-end-studio');
  await seller.goto('/admin');
  await expect(
    seller.getByRole('heading', { name: 'Mile End Studio Admin Dashboard' }),
  ).toBeVisible();
  await expect(seller.getByRole('tab', { name: 'Orders', selected: true })).toBeVisible();

  const ship = seller.getByRole('button', { name: `Ship order ${reference}` });
  await expect(ship).toBeDisabled();
  await seller.getByRole('button', { name: new RegExp(`Order #${reference}`) }).click();
  const items = seller.getByRole('region', { name: `Items in order ${reference}` });
  await expect(items).toContainText('Linen Camp Shirt');
  await expect(items).toContainText('Linen Wrap Dress');

  await items.getByRole('button', { name: 'Accept Linen Camp Shirt (M, Blue)' }).click();
  await expect(seller.getByText('Order item marked as accepted.')).toBeVisible();
  await expect(
    items.getByRole('button', { name: 'Accept Linen Camp Shirt (M, Blue)' }),
  ).toBeDisabled();
  await expect(ship).toBeDisabled(); // the dress is still PLACED

  await items.getByRole('button', { name: 'Reject Linen Wrap Dress (S, Red)' }).click();
  // Reject asks first: its refund cannot be taken back.
  await seller
    .getByRole('dialog', { name: 'Reject item' })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expect(seller.getByText('Order item marked as rejected and refunded.')).toBeVisible();
  await expect(items).toContainText('Rejected and refunded');
  await expect(ship).toBeEnabled();

  // The label opens as a PDF in a new window.
  const [label] = await Promise.all([
    sellerContext.waitForEvent('page'),
    seller.getByRole('button', { name: `Shipping Label for order ${reference}` }).click(),
  ]);
  await expect.poll(() => label.url()).toMatch(/^blob:/);
  // What the window shows is the API's PDF, fetched with the seller's token.
  const sellerHeaders = await bearerOf(seller);
  const storeOrders = await seller.request.get('/api/store/orders', { headers: sellerHeaders });
  const [storeOrder] = (await storeOrders.json()) as { id: string }[];
  const pdf = await seller.request.get(`/api/store/orders/${storeOrder!.id}/shipping-label`, {
    headers: sellerHeaders,
  });
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await label.close();

  await ship.click();
  const shipDialog = seller.getByRole('dialog', { name: 'Ship order' });
  await expect(shipDialog).toContainText('Its accepted item becomes shipped.');
  // The seller shipped with a carrier of their own and types its tracking number.
  await shipDialog.getByLabel('Carrier').selectOption('Canada Post');
  await shipDialog.getByLabel('Tracking number').fill('CP123456789CA');
  await shipDialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(seller.getByText('Order marked as shipped.')).toBeVisible();
  const row = seller.getByRole('row', { name: new RegExp(`^Order #${reference}`) });
  await expect(row).toContainText('Shipped');

  // The buyer's My Orders shows the shipped shirt and the rejected, refunded dress.
  await buyer.goto('/user');
  await buyer.getByRole('button', { name: new RegExp(reference) }).click();
  const bought = buyer.getByRole('list', { name: `Items in order ${reference}` });
  await expect(bought.getByRole('listitem').filter({ hasText: 'Linen Camp Shirt' })).toContainText(
    'Shipped with Canada Post, tracking number CP123456789CA',
  );
  await expect(bought.getByRole('listitem').filter({ hasText: 'Linen Wrap Dress' })).toContainText(
    'Rejected and refunded',
  );
  // What went back, and what the order costs now: the dress with its tax (issue 15), to Montréal
  // GST 5% ($7.10) and QST 9.975% ($14.1645, half-up to $14.16).
  await expect(bought.getByRole('listitem').filter({ hasText: 'Linen Wrap Dress' })).toContainText(
    'Tax $21.26 CAD',
  );
  await expect(buyer.getByText('−$163.26 CAD')).toBeVisible();

  // Payouts count only what the brand keeps: the shirt.
  await seller.getByRole('tab', { name: 'Payouts' }).click();
  const payout = seller
    .getByRole('region', { name: 'Payouts by order' })
    .getByRole('row', { name: new RegExp(`^#${reference}`) });
  await expect(payout).toContainText('$98.00 CAD'); // sales: the shirt
  await expect(payout).toContainText('$142.00 CAD'); // refunded: the dress

  await buyerContext.close();
  await sellerContext.close();
});
