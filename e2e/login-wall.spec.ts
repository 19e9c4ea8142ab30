import { expect, test } from '@playwright/test';
import { productId } from './helpers';

/**
 * Issue 13: a guest's choice survives the login wall. Add to Cart sends them to log in; they
 * sign up first, then log in, and land back on the product with the item in their bag.
 */
test('a guest signs up and logs in from Add to Cart, and comes back with the item added', async ({
  page,
  request,
}) => {
  const jeans = await productId(request, 'railtown selvedge');
  await page.goto(`/product/${jeans}`);
  await page.getByRole('button', { name: 'Blue', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproduct%2F${jeans}$`));
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);

  const userName = `wall${Date.now().toString(36)}`;
  const password = 'a long enough password';
  await page.getByLabel('First name', { exact: true }).fill('Robin');
  await page.getByLabel('Last name', { exact: true }).fill('Shopper');
  await page.getByLabel('User name', { exact: true }).fill(userName);
  await page.getByLabel('Email', { exact: true }).fill(`${userName}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproduct%2F${jeans}$`));
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${jeans}$`));
  await expect(page.getByText('Item added to cart!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shopping bag, 2 items' })).toBeVisible();

  await page.getByRole('button', { name: 'Added to Cart - Go to Checkout' }).click();
  const line = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' }) });
  await expect(line.getByLabel('Quantity', { exact: true })).toHaveText('2');

  // Applied once: coming back to the product adds nothing more.
  await page.goto(`/product/${jeans}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shopping bag, 2 items' })).toBeVisible();
});
