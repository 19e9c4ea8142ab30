import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers';

const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

test('a page loaded anew opens at the top; back returns to where the last one was', async ({
  page,
}) => {
  await page.goto('/about');
  await hydrated(page);
  await page.mouse.wheel(0, 300);
  await expect.poll(() => scrollY(page)).toBe(300);

  // Both pages open on the entry the router calls 'default': /products must not take /about's
  // position (it did, moving the page under a shopper's first click).
  await page.goto('/products');
  await hydrated(page);
  await page.evaluate('new Promise(requestAnimationFrame)');
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => scrollY(page)).toBe(300);
});
