import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { bearerOf, demoAccountPage } from './helpers';

/** Issue 13 item 9: the pager is drawn in the store's colours, not Bootstrap's blue. */
test("the pager's current page, links and focus ring use the theme's ink and accent", async ({
  browser,
  page,
}) => {
  // Vancouver's demo stores list exactly one page (12 products): a 13th makes a second page.
  const seller = await demoAccountPage(browser, 'maple-denim');
  const thumbnail = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#334455' },
  })
    .png()
    .toBuffer();
  const created = await seller.request.post('/api/item', {
    headers: await bearerOf(seller),
    multipart: {
      itemDto: JSON.stringify({
        name: `Pager Jacket ${Date.now().toString(36)}`,
        price: 90,
        sale: 0,
        currency: 'CAD',
        category: 'men',
        tags: [],
        isAvailable: true,
        dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
        itemOptions: [{ color: 'BLUE', size: 'M', price: 0, sale: 0, count: 3, isAvailable: true }],
      }),
      thumbnail: { name: 'jacket.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  expect(created.status()).toBe(201);
  await seller.context().close();

  await page.goto('/products');
  const pager = page.getByRole('navigation', { name: 'Product pages' });
  const current = pager.locator('.page-item.active .page-link');
  await expect(current).toHaveCSS('background-color', 'rgb(17, 17, 17)');
  await expect(current).toHaveCSS('color', 'rgb(255, 255, 255)');
  const second = pager.getByRole('button', { name: 'Page 2' });
  await expect(second).toHaveCSS('color', 'rgb(17, 17, 17)');
  // Keyboard focus shows the accent ring (156, 61, 28), as every other control does.
  await page.keyboard.press('Tab'); // focus-visible is for the keyboard: start using it
  await second.focus();
  await expect(second).toHaveCSS('box-shadow', /rgba?\(156, 61, 28/);
});
