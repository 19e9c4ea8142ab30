import { expect, test, type Page } from '@playwright/test';
import { buyThroughApi, demoOption, signUpAndLogIn } from './helpers';

/** The buyer's Wool Overcoat (Queen West Wear), bought through the API, sent to Toronto. */
async function buyOvercoat(page: Page): Promise<string> {
  const overcoat = await demoOption(page.request, 'Wool Overcoat', 'BLACK', 'M');
  return buyThroughApi(page, [overcoat], {
    fullName: 'Tracy Tracker',
    streetAddress: '100 King Street West',
    city: 'Toronto',
    province: 'ON',
    country: 'CA',
    postalCode: 'M5X 1A9',
  });
}

test("a brand ships with the provider's label; its simulated tracker delivers; the buyer sees it (issue 16)", async ({
  browser,
}) => {
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await signUpAndLogIn(buyer, 'tracy');
  const reference = await buyOvercoat(buyer);

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await seller.goto('/login');
  await seller.getByLabel('User name or email').fill('queen-west-wear');
  await seller.getByLabel('Password').fill('Password123!');
  await seller.getByRole('button', { name: 'Login' }).click();
  await expect(seller).toHaveURL(/\/$/);

  // The demo store has a ship-from address: Settings shows it, and Orders asks for nothing.
  await seller.goto('/admin?tab=settings');
  const form = seller.getByRole('form', { name: 'Ship-from address' });
  await expect(form.getByLabel('Street address')).toHaveValue('800 Queen Street West');
  await seller.getByRole('tab', { name: 'Orders' }).click();

  await seller.getByRole('button', { name: new RegExp(`Order #${reference}`) }).click();
  const items = seller.getByRole('region', { name: `Items in order ${reference}` });
  await items.getByRole('button', { name: /^Accept Wool Overcoat/ }).click();
  await expect(seller.getByText('Order item marked as accepted.')).toBeVisible();
  await seller.getByRole('button', { name: `Ship order ${reference}` }).click();
  const shipDialog = seller.getByRole('dialog', { name: 'Ship order' });
  await shipDialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(seller.getByText('Order marked as shipped.')).toBeVisible();

  const advance = seller.getByRole('button', {
    name: `Simulate scan for order ${reference}`,
  });
  // Label created, in transit, out for delivery, delivered: then the button is gone.
  for (let step = 0; step < 4; step += 1) {
    await expect(advance).toBeEnabled();
    await advance.click();
    await expect(seller.getByText('Tracker advanced.').last()).toBeVisible();
  }
  await expect(advance).toHaveCount(0);
  const row = seller.getByRole('row', { name: new RegExp(`^Order #${reference}`) });
  await expect(row).toContainText('Delivered');

  await buyer.goto('/user');
  await buyer.getByRole('button', { name: new RegExp(reference) }).click();
  const parcel = buyer.getByRole('region', { name: 'Parcel from Queen West Wear' });
  await expect(parcel).toContainText('Queen West Wear: Delivered');
  await expect(parcel).toContainText('Local Brands (simulated) · LB-LOCAL-');
  await expect(parcel).toContainText(/Delivered on \w{3} \d{1,2}, \d{4}/);
  await expect(parcel.getByRole('list', { name: 'Tracking history' })).toContainText(
    'Out for delivery.',
  );
  await expect(parcel.getByRole('button', { name: 'I received it' })).toHaveCount(0);

  await buyerContext.close();
  await sellerContext.close();
});
