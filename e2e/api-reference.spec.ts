import { expect, test } from '@playwright/test';

// Issue 20: the API reference renders in a real browser from this server alone (no internet at
// run time), under the policy /api/docs sends: nothing it needs is refused, and nothing leaves.
test('the API reference renders the OpenAPI document with Redoc, within its policy', async ({
  page,
}) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  // Requests that reached an outside address (a refused one never finishes).
  const outside: string[] = [];
  page.on('requestfinished', (request) => {
    if (!request.url().startsWith(test.info().project.use.baseURL ?? '')) {
      if (!request.url().startsWith('blob:') && !request.url().startsWith('data:'))
        outside.push(request.url());
    }
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Local Brands marketplace API/ })).toBeVisible();
  // An operation, its answer's named schema and a DESIGN 4 error, as the document gives them.
  await page.getByText('Add units of an option to the bag').first().click();
  await expect(page.getByText('Only N left in stock.', { exact: false }).first()).toBeVisible();
  // The one refusal is Redoc's "API docs by Redocly" logo on its CDN: the policy keeps the page
  // on this server, and the page works without it.
  expect(refusals.filter((text) => !text.includes('https://cdn.redoc.ly/'))).toEqual([]);
  expect(outside).toEqual([]);
});
