import { expect, test, type Browser, type Page } from '@playwright/test';

const password = 'a long enough password';

async function shopper(browser: Browser, userName: string, firstName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const registered = await page.request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: {
        firstName,
        lastName: 'Reviewer',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

/** Stars and fit steps are radio buttons under visible labels: click what a shopper sees. */
const labelOf = (scope: Page | ReturnType<Page['getByRole']>, text: string) =>
  scope.locator('label').filter({ hasText: text });

async function writeReview(
  page: Page,
  stars: number,
  fit: string,
  comment: string,
  button = 'Submit Review',
) {
  await labelOf(page, `${stars} stars`).click();
  await labelOf(page, fit).click();
  await page.getByLabel('Your review').fill(comment);
  await page.getByRole('button', { name: button }).click();
}

test('shoppers write, edit and delete reviews; only the author can change one', async ({
  browser,
  request,
}) => {
  const unique = Date.now().toString(36);
  // A product nobody has reviewed yet (earlier runs on the same database used others).
  const products = (await (await request.get('/api/item/public?pageSize=100')).json()) as {
    id: number;
  }[];
  let productId: number | undefined;
  for (const { id } of products) {
    const summary = (await (await request.get(`/api/item-review/item/${id}/summary`)).json()) as {
      count: number;
    };
    if (summary.count === 0) {
      productId = id;
      break;
    }
  }
  expect(productId).toBeDefined();
  const url = `/product/${productId}`;

  const ann = await shopper(browser, `ann${unique}`, 'Ann');
  await ann.goto(url);
  await expect(ann.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(ann.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(ann.getByLabel('Your review')).toHaveAttribute(
    'placeholder',
    'Share your thoughts...',
  );

  // Zero stars is refused in the browser, without a request.
  await ann.getByLabel('Your review').fill('Soft cotton.');
  await ann.getByRole('button', { name: 'Submit Review' }).click();
  await expect(ann.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();

  await writeReview(ann, 4, '2: Slightly small', 'Soft cotton, a little short in the body.');
  await expect(ann.getByText('Review submitted')).toBeVisible();
  await expect(ann.getByText('Based on 1 review')).toBeVisible();
  await expect(ann.getByRole('img', { name: 'Average rating 4.0 out of 5' })).toBeVisible();
  await expect(ann.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  const annReview = ann.getByRole('article', { name: 'Review by Ann R.' });
  await expect(annReview).toContainText('Soft cotton, a little short in the body.');

  // The author edits it: the form comes back prefilled with 'Update Review'.
  await annReview.getByRole('button', { name: 'Review options' }).click();
  await ann.getByRole('button', { name: 'Edit', exact: true }).click();
  const editForm = ann.getByRole('form', { name: 'Edit your review' });
  await expect(editForm.getByLabel('Your review')).toHaveValue(
    'Soft cotton, a little short in the body.',
  );
  await labelOf(editForm, '2 stars').click();
  await editForm.getByRole('button', { name: 'Update Review' }).click();
  await expect(ann.getByText('Review updated')).toBeVisible();
  await expect(ann.getByRole('img', { name: 'Average rating 2.0 out of 5' })).toBeVisible();

  // Another shopper reads it without Edit or Delete, and their review moves the average.
  const ben = await shopper(browser, `ben${unique}`, 'Ben');
  await ben.goto(url);
  const seenByBen = ben.getByRole('article', { name: 'Review by Ann R.' });
  await expect(seenByBen).toBeVisible();
  await expect(seenByBen.getByRole('button', { name: 'Review options' })).toHaveCount(0);
  await writeReview(ben, 5, '3: True to size', 'Fits me perfectly.');
  await expect(ben.getByText('Review submitted')).toBeVisible();
  await expect(ben.getByRole('img', { name: 'Average rating 3.5 out of 5' })).toBeVisible();
  // Ben's own review is listed first, though Ann's was written earlier.
  await expect(ben.getByRole('article', { name: /^Review by / }).first()).toHaveAccessibleName(
    'Review by Ben R.',
  );

  // The author deletes theirs; the empty form comes back.
  await ann.reload();
  await ann
    .getByRole('article', { name: 'Review by Ann R.' })
    .getByRole('button', { name: 'Review options' })
    .click();
  await ann.getByRole('button', { name: 'Delete', exact: true }).click();
  await ann
    .getByRole('dialog', { name: 'Delete review' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(ann.getByText('Review deleted')).toBeVisible();
  await expect(ann.getByRole('article', { name: 'Review by Ann R.' })).toHaveCount(0);
  await expect(ann.getByRole('form', { name: 'Write a review' })).toBeVisible();
  await expect(ann.getByLabel('Your review')).toHaveValue('');
  await expect(ann.getByRole('img', { name: 'Average rating 5.0 out of 5' })).toBeVisible();
});

test('a logged-out visitor reads reviews and is invited to log in', async ({ page, request }) => {
  const found = await request.get('/api/item/public/search?keyword=railtown%20selvedge');
  const [product] = (await found.json()) as { id: number }[];
  await page.goto(`/product/${product!.id}`);
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByText('Based on 3 reviews')).toBeVisible();
  await expect(page.getByText('Runs small: most buyers suggest one size up').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to write a review' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('button', { name: 'Review options' })).toHaveCount(0);
});
