import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { bearerOf, signUpAndLogIn } from './helpers';

/**
 * Issue 17.5 and 17.7: a brand's 21st product costs $0.10, shown in its Payouts tab and in the
 * period's statement. The products stay drafts, so no other test's catalog changes.
 */
test('the 21st product’s listing fee shows in the Payouts tab and the statement', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndLogIn(page, 'fees');
  const headers = await bearerOf(page);
  const storeName = `Fee Studio ${Date.now().toString(36)}`;
  const store = await page.request.post('/api/store', {
    headers,
    data: { name: storeName, city: 'TORONTO', description: '' },
  });
  expect(store.status()).toBe(201);
  const thumbnail = await sharp({
    create: { width: 300, height: 400, channels: 3, background: '#556677' },
  })
    .png()
    .toBuffer();
  for (let number = 1; number <= 21; number += 1) {
    const created = await page.request.post('/api/item', {
      headers,
      multipart: {
        itemDto: JSON.stringify({
          name: `Draft Tee ${number}`,
          price: 30,
          sale: 0,
          currency: 'CAD',
          category: 'women',
          tags: [],
          isAvailable: false,
          dimensions: { width: 12, length: 16, height: 3, weight: 2, unit: 'IMPERIAL' },
          itemOptions: [
            { color: 'BLACK', size: 'S', price: 0, sale: 0, count: 1, isAvailable: true },
          ],
        }),
        thumbnail: { name: 'tee.png', mimeType: 'image/png', buffer: thumbnail },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/admin?tab=payouts');
  const fees = page.getByRole('region', { name: 'Fees and adjustments' });
  const row = fees.getByRole('row').filter({ hasText: 'Draft Tee 21 (listing 21)' });
  await expect(row).toContainText('Listing fee');
  await expect(row).toContainText('-$0.10 CAD');
  await expect(fees.getByText('Draft Tee 20')).toHaveCount(0);
  const period = page.getByRole('region', { name: 'Payout periods' }).getByRole('row').nth(1);
  await expect(period).toContainText('-$0.10');

  const download = page.waitForEvent('download');
  await period.getByRole('button', { name: /^CSV statement/ }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  expect(csv).toContain(storeName);
  expect(csv).toMatch(/listing_fee,\d{4}-\d{2}-\d{2},Draft Tee 21 \(listing 21\),CAD,.*,-0\.10,/);
});
