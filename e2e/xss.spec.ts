import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

const unique = Date.now().toString(36);
const password = 'a long enough password';
// Markup a seller or a reviewer could type: each would set window.__xss if it ever ran.
const storeName = `<svg onload=window.__xss=1> ${unique}`;
const productName = `<script>window.__xss=1</script><img src=x onerror=window.__xss=1> ${unique}`;
const comment =
  '<script>window.__xss=1</script> Lovely coat. [my photos](javascript:window.__xss=1) ' +
  '<a href="javascript:window.__xss=1">see more</a> <img src=x onerror="window.__xss=1">';

/** Registers and logs in through the API; the bearer header of the new account. */
async function account(request: APIRequestContext, userName: string) {
  const registered = await request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: {
        firstName: 'Mallory',
        lastName: 'Markup',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(registered.status()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { userName, password } });
  expect(login.status()).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

/** Nothing the users typed ran, became a javascript: link or became an element. */
async function expectInert(page: Page, dialogs: string[]) {
  // Expressions run in the page, as strings: the root TypeScript project has no DOM types.
  expect(await page.evaluate<string>('typeof window.__xss')).toBe('undefined');
  expect(dialogs).toEqual([]);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  const injectedScripts = await page.evaluate<number>(
    // The page's data (JSON, and JSON-LD) may hold the text: inert blocks, never run.
    "[...document.scripts].filter((script) => !/^application\\/(ld\\+)?json$/.test(script.type) && script.text.includes('__xss')).length",
  );
  expect(injectedScripts).toBe(0);
  await expect(page.locator('img[src="x"], [onerror], [onload]')).toHaveCount(0);
}

test('product names, store names and review comments holding markup render as text', async ({
  page,
  request,
}) => {
  const seller = await account(request, `xssseller${unique}`);
  const store = await request.post('/api/store', {
    headers: seller,
    data: { name: storeName, city: 'VANCOUVER', description: '<b>bold?</b>' },
  });
  expect(store.status()).toBe(201);
  const thumbnail = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#553344' },
  })
    .png()
    .toBuffer();
  const created = await request.post('/api/item', {
    headers: seller,
    multipart: {
      itemDto: JSON.stringify({
        name: productName,
        price: 80,
        sale: 0,
        currency: 'CAD',
        category: 'women',
        tags: ['wool'],
        isAvailable: true,
        dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
        itemOptions: [{ color: 'RED', size: 'M', price: 0, sale: 0, count: 3, isAvailable: true }],
      }),
      thumbnail: { name: 'coat.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const reviewer = await account(request, `xssreviewer${unique}`);
  const review = await request.post('/api/item-review', {
    headers: reviewer,
    data: { itemId: id, rating: 4, fitScore: 3, comment },
  });
  expect(review.status()).toBe(201);

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  // The product page with its reviews: every text shows literally.
  await page.goto(`/product/${id}`);
  await expect(page.getByText(productName, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(storeName, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByText(comment, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);

  // The store's page lists the product by its name.
  await page.goto(`/store/${encodeURIComponent(storeName)}`);
  await expect(page.getByText(productName, { exact: true }).first()).toBeVisible();
  await expectInert(page, dialogs);
});
