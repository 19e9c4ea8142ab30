import { expect, test, type Page } from '@playwright/test';
import { addToBag as addOption, productId, signUpAndLogIn } from './helpers';

/**
 * Spec 5: Add to Cart without an option says so (issue 13: naming what is missing, so with the
 * only colour pre-selected it asks for the size); then the option is chosen and added.
 */
async function addToBag(page: Page, id: number, color: string, size: string) {
  await page.goto(`/product/${id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByText(/^Please select a (size and color option|size|color)\.$/),
  ).toBeVisible();
  await addOption(page, id, color, size);
}

test('a shopper fills the bag from product pages, changes quantities and empties it', async ({
  page,
  request,
}) => {
  const jeans = await productId(request, 'railtown selvedge');
  const cardigan = await productId(request, 'alpaca cardigan');
  const linenShirt = await productId(request, 'linen camp shirt');
  const tee = await productId(request, 'sun faded pocket tee');
  await signUpAndLogIn(page, 'bag');

  await addToBag(page, jeans, 'Blue', 'M');
  await addToBag(page, cardigan, 'Red', 'S');
  await page.getByRole('button', { name: 'Added to Cart - Go to Checkout' }).click();
  await expect(page).toHaveURL(/\/shopping-bag$/);

  await expect(page.getByRole('heading', { level: 1, name: 'SHOPPING BAG ITEMS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alpaca Cardigan' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'ORDER SUMMARY' });
  // $189.00 + $148.50 (the cardigan is 25 % off $198.00)
  await expect(summary).toContainText('$337.50 CAD');

  await page
    .getByRole('button', { name: 'Increase quantity of Railtown Raw Selvedge Jeans' })
    .click();
  await expect(summary).toContainText('$526.50 CAD');
  await page
    .getByRole('button', { name: 'Decrease quantity of Railtown Raw Selvedge Jeans' })
    .click();
  await expect(summary).toContainText('$337.50 CAD');

  // One currency per bag: a USD product is refused with the server's message.
  await page.goto(`/product/${tee}`);
  await page.getByRole('button', { name: 'Red', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/Your bag is in CAD/)).toBeVisible();

  // Another CAD product is welcome, then everything is removed.
  await addToBag(page, linenShirt, 'Blue', 'S');
  await page.goto('/shopping-bag');
  // Within the bag's lines: "YOU MAY ALSO LIKE..." below may suggest a product just removed.
  const lines = page.getByRole('list', { name: 'Items in your bag' });
  for (const name of ['Railtown Raw Selvedge Jeans', 'Alpaca Cardigan', 'Linen Camp Shirt']) {
    const line = lines.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await line.getByRole('button', { name: 'Remove' }).click();
    await expect(lines.getByRole('link', { name })).toHaveCount(0);
  }
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('an option with no stock cannot be added', async ({ page, request }) => {
  await page.goto(`/product/${await productId(request, 'rinse wash denim shirt')}`);
  await page.getByRole('button', { name: 'Blue', exact: true }).click();
  await page.getByRole('button', { name: 'M (sold out)', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
});
