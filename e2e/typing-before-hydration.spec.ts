import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers';

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

test('a login typed before hydration is kept and sent once the page is ready', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/login');
  await page.getByLabel('User name or email').fill('shopper');
  await page.getByLabel('Password').fill('Password123!');
  release();
  await hydrated(page);

  await expect(page.getByLabel('User name or email')).toHaveValue('shopper');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});
