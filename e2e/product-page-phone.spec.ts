import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bearerOf, demoAccountPage, hydrated, productId } from './helpers';

/**
 * Issue 39.23 and 39.27, on a 390 px phone: the seller's products table shows each name whole,
 * clear of the pinned Edit button; Add to Cart stays reachable on a long product page; a
 * sold-out product's page keeps its spacing under the title.
 */
const PHONE = { width: 390, height: 844 };

/** What a tap at (x, y) reaches, as the text of the closest link or button. */
const tapReaches = (page: Page, x: number, y: number, selector: string) =>
  // A string, as e2e/ is type-checked without the DOM library.
  page.evaluate<string | null>(
    `document.elementFromPoint(${x}, ${y})?.closest(${JSON.stringify(selector)})?.textContent ?? null`,
  );

for (const width of [390, 320]) {
  test(`at ${width} px the products table shows every name clear of Edit (issue 39.23)`, async ({
    browser,
  }) => {
    const page = await demoAccountPage(browser, 'maple-denim');
    await page.setViewportSize({ width, height: PHONE.height });
    await page.goto('/admin?tab=products');
    const rows = page.locator('.admin-table tbody tr');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      const name = rows.nth(i).getByRole('link');
      // Scrolls the page to the row, never the table sideways (scrollIntoView would do both).
      const below = (await name.boundingBox())!;
      await page.evaluate(`window.scrollBy(0, ${below.y - PHONE.height / 2})`);
      const nameBox = (await name.boundingBox())!;
      // The pinned cell holding Edit, padding and all: the name must end before it starts.
      const pinned = (await rows.nth(i).locator('td.admin-table__pinned').boundingBox())!;
      const text = await name.textContent();
      expect(nameBox.x + nameBox.width, `${text} ends before Edit`).toBeLessThanOrEqual(pinned.x);
      // The end of its last line is on screen, and a tap there opens the product, not Edit.
      const reached = await page.evaluate<string | null>(`(() => {
        const link = document.querySelectorAll('.admin-table tbody tr')[${i}].querySelector('a');
        const lines = link.getClientRects();
        const last = lines[lines.length - 1];
        return document.elementFromPoint(last.right - 2, last.top + last.height / 2)
          ?.closest('a')?.textContent ?? null;
      })()`);
      expect(reached, `a tap on the end of ${text}`).toBe(text);
    }
    await page.context().close();
  });
}

test('on a phone Add to Cart stays on screen while a long product page scrolls (issue 39.23)', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/product/${await productId(request, 'railtown raw selvedge jeans')}`);
  await hydrated(page);
  const button = page.getByRole('button', { name: 'Add to Cart' });
  for (const scroll of [0, 400, 900]) {
    await page.evaluate(`window.scrollTo(0, ${scroll})`);
    const box = (await button.boundingBox())!;
    expect(box.y, `at ${scroll} px the button's top is on screen`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `at ${scroll} px the button is on screen`).toBeLessThanOrEqual(
      PHONE.height,
    );
    expect(await tapReaches(page, box.x + box.width / 2, box.y + box.height / 2, 'button')).toBe(
      'Add to Cart',
    );
  }
  await page.screenshot({ path: 'test-results/product-phone.png' });
});

test("a sold-out product's page keeps a gap under its title (issue 39.27)", async ({
  browser,
  page,
}) => {
  const seller = await demoAccountPage(browser, 'silver-lake-supply');
  const thumbnail = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#556677' },
  })
    .png()
    .toBuffer();
  const created = await seller.request.post('/api/item', {
    headers: await bearerOf(seller),
    multipart: {
      itemDto: JSON.stringify({
        name: `Sold Out Parka ${Date.now().toString(36)}`,
        price: 90,
        sale: 0,
        currency: 'USD',
        category: 'men',
        tags: [],
        isAvailable: true,
        dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
        itemOptions: [
          { color: 'BLUE', size: 'M', price: 0, sale: 0, count: 0, isAvailable: true },
          { color: 'BLUE', size: 'L', price: 0, sale: 0, count: 0, isAvailable: true },
        ],
      }),
      thumbnail: { name: 'parka.png', mimeType: 'image/png', buffer: thumbnail },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await seller.context().close();

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`/product/${id}`);
    const title = page.getByRole('heading', { level: 1 });
    const soldOut = page.getByTestId('sold-out');
    await expect(soldOut).toBeVisible();
    // Drawn, not a blank: ink with white letters.
    await expect(soldOut).toHaveCSS('background-color', 'rgb(17, 17, 17)');
    await expect(soldOut).toHaveCSS('color', 'rgb(255, 255, 255)');
    const titleBox = (await title.boundingBox())!;
    const badgeBox = (await soldOut.boundingBox())!;
    const priceBox = (await page.getByTestId('product-price').boundingBox())!;
    expect(
      badgeBox.y - (titleBox.y + titleBox.height),
      'gap under the title',
    ).toBeGreaterThanOrEqual(8);
    expect(
      priceBox.y - (badgeBox.y + badgeBox.height),
      'gap under Sold out',
    ).toBeGreaterThanOrEqual(8);
    await expect(page.getByText('Choose a size.')).toHaveCount(0);
    await page.screenshot({ path: `test-results/sold-out-${viewport.width}.png` });
  }
});
