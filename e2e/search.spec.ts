import { expect, test } from '@playwright/test';

// Issue 13: the navigation bar's search box on every page, with suggestions from the API.

test('suggestions open a product with the keyboard; Enter searches the text', async ({ page }) => {
  await page.goto('/about');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('alpa');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: /Alpaca Cardigan/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alpaca Cardigan' })).toBeVisible();

  await box.fill('denim jacket');
  await expect(list.getByRole('option', { name: /Denim Trucker Jacket/ })).toBeVisible();
  // Escape closes the list and keeps the text; Enter then searches it.
  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?keyword=denim\+jacket$/);
  await expect(page.getByRole('link', { name: /Denim Trucker Jacket/ }).first()).toBeVisible();
});

test('on a phone the search box is in the menu, and Womenswear opens the category', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(box).toBeVisible();
  await box.fill('wom');
  await page.getByRole('option', { name: /Womenswear/ }).click();
  await expect(page).toHaveURL(/\/products\?category=women$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Womenswear');
  await expect(page).toHaveTitle(/^Womenswear/);
  await expect(box).toBeHidden();
});
