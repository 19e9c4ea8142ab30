import { expect, test, type Page } from '@playwright/test';
import { hydrated, productId } from './helpers';

// Issue 18: a server-rendered page can be typed into before React takes it over (a slow phone
// is still fetching the scripts). Nothing typed then may be lost once the page hydrates.

/** Holds the app's scripts back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('words typed into the search box before hydration stay and are suggested for', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/about');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('alpa');
  release();
  await hydrated(page);

  await expect(page.getByRole('option', { name: /Alpaca Cardigan/ })).toBeVisible();
  await expect(box).toHaveValue('alpa');
  await box.press('Escape');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?keyword=alpa$/);
});

test('a login typed and sent before the app runs is sent through it once it does', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/login');
  await page.getByLabel('User name or email').fill('shopper');
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Login' }).click();
  // Held: not posted the browser's way.
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /^Shopping bag/ })).toBeVisible();
});

test('a button clicked before the app runs is clicked again once it does', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  const release = await holdScripts(page);
  await page.goto('/products');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

test('choices made on a product before the app runs are the ones it adds', async ({
  page,
  request,
}) => {
  const jeans = await productId(request, 'railtown selvedge');
  const release = await holdScripts(page);
  await page.goto(`/product/${jeans}`);
  await page.getByRole('button', { name: 'Blue', exact: true }).click();
  await page.getByRole('button', { name: 'M', exact: true }).click();
  await page.getByLabel('Quantity').fill('2');
  release();
  await hydrated(page);

  await expect(page.getByRole('button', { name: 'M', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Quantity')).toHaveValue('2');
  // React has them: Add to Cart asks a guest to log in, keeping the choice for after.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fproduct%2F${jeans}$`));
});
