import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const unique = Date.now().toString(36);
const storeName = `Fogline Studio ${unique}`;
const productWord = `Zephyrknit${unique}`;
const productName = `${productWord} Parka`;

const png = async (color: string, name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 300, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer(),
});

async function signUpAndLogIn(page: Page, userName: string) {
  const password = 'a long enough password';
  const response = await page.request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: {
        firstName: 'Fiona',
        lastName: 'Fogline',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(response.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a seller opens a store, lists a product with images, and shoppers find it', async ({
  page,
}) => {
  await signUpAndLogIn(page, `seller${unique}`);

  // Open the store from /seller-home.
  await page.goto('/seller-home');
  const storeForm = page.getByRole('form', { name: 'Open your store' });
  await storeForm.getByLabel('Store name').fill(storeName);
  await storeForm
    .getByLabel('Description', { exact: true })
    .fill('Coats for the coastal rain, cut in Vancouver.');
  await storeForm.getByLabel('City').selectOption('VANCOUVER');
  await storeForm.getByRole('button', { name: 'Open your store' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `${storeName} Admin Dashboard` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A new store opens on its (empty) Orders tab; products are on the next tab.
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();

  // Create a product with a thumbnail and two photos through the dialog.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill(productName);
  await form.getByLabel('Category').selectOption('women');
  await form.getByLabel('Tags').fill('rain, outerwear');
  await form.getByLabel('Price', { exact: true }).fill('88');
  await form.getByLabel('Sale (%)', { exact: true }).fill('10');
  await form.getByLabel('Available to shoppers').check();
  await form.getByLabel('Width (in)').fill('14');
  await form.getByLabel('Length (in)').fill('18');
  await form.getByLabel('Height (in)').fill('4');
  await form.getByLabel('Weight (lb)').fill('3');
  const options = form.getByRole('group', { name: 'Option 1' });
  if ((await options.count()) === 0) await form.getByRole('button', { name: 'Add option' }).click();
  await options.getByLabel('Colour').selectOption('BLUE');
  await options.getByLabel('Size').selectOption('M');
  await options.getByLabel('Count').fill('4');
  await form.getByLabel('Thumbnail').setInputFiles(await png('#2b4c6f', 'thumb.png'));
  await form
    .getByLabel('Images')
    .setInputFiles([await png('#3b5c7f', 'back.png'), await png('#1b3c5f', 'detail.png')]);
  await form.getByRole('button', { name: 'Create Product' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(productName) })).toContainText('$88.00');

  // Shoppers find it on /products by filters and sort.
  await page.goto('/products');
  await page.getByRole('button', { name: 'Category', exact: true }).click();
  // Filters live in the URL; categories add up, so the Category section stays (issue 13).
  await page.getByRole('checkbox', { name: /^Women/ }).click();
  await expect(page).toHaveURL(/category=women/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Womenswear');
  await expect(page.getByRole('button', { name: 'Category', exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Size', exact: true }).click();
  await page.getByRole('checkbox', { name: /^M \(/ }).click();
  await expect(page).toHaveURL(/size=M/);
  await page.getByRole('checkbox', { name: /^Blue/ }).click();
  await expect(page).toHaveURL(/color=blue/);
  await page.getByRole('button', { name: 'Price', exact: true }).click();
  await page.getByRole('checkbox', { name: /^\$50-\$100/ }).click();
  await expect(page).toHaveURL(/price=50-100/);
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/category=women/);
  await expect(page).toHaveURL(/sort=price-asc/);
  const card = page.getByRole('link', { name: new RegExp(productName) });
  await expect(card).toBeVisible();
  await expect(page.getByText(/^\d+ Products$/)).toBeVisible();

  // Keyword search finds it too ('men' would not: it is a women's product).
  await page.goto(`/products?keyword=${productWord.toLowerCase()}`);
  await expect(page.getByRole('link', { name: new RegExp(productName) })).toBeVisible();

  // Its detail page: sale price with the original struck through, and the gallery.
  await page.getByRole('link', { name: new RegExp(productName) }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText('$79.20 CAD').first()).toBeVisible();
  await expect(page.locator('del', { hasText: '$88.00 CAD' }).first()).toBeVisible();

  // And its store page.
  await page.getByRole('link', { name: storeName }).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/store/${encodeURIComponent(storeName).replace(/%20/g, '(%20| )')}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(productName) })).toBeVisible();
});

test('at 600 px the filters open in a slide-in overlay that the backdrop closes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await page.goto('/products');
  await expect(page.getByRole('complementary', { name: 'Product filters' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel).toBeVisible();
  // The box is checked once the URL (where the filters live) has changed.
  await panel.getByRole('checkbox', { name: /^Red/ }).click();
  await expect(page).toHaveURL(/color=red/);
  await expect(panel.getByRole('checkbox', { name: /^Red/ })).toBeChecked();
  await page.locator('.offcanvas-backdrop').click({ position: { x: 580, y: 450 } });
  await expect(panel).toBeHidden();
});
