import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, hydrated } from './helpers';
import { expectMail } from './mails';
import { E2E_PORTS } from './ports';

// Issue 39.4 on the marketplace that runs with STORE_APPROVAL=required (playwright.config.ts):
// a new store is under review, Pending on its dashboard, until the operator approves it or
// declines the application; the owner is emailed either way.
test.use({ baseURL: `http://127.0.0.1:${E2E_PORTS.approval}` });

const password = 'a long enough password';

/** A new account that opens a store through the Sell with us form: its email. */
async function openStore(page: Page, storeName: string): Promise<string> {
  const userName = `applicant${Date.now().toString(36)}`;
  const email = `${userName}@example.com`;
  const registered = await page.request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: { firstName: 'Lena', lastName: 'Linen', userName, email, addresses: [] },
    },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/seller-home');
  await hydrated(page);
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  // Back on the form (issue 39.24), which opens the store.
  const form = page.getByRole('form', { name: 'Open your store' });
  await expect(form).toBeVisible();
  await form.getByLabel('Store name').fill(storeName);
  await form.getByRole('button', { name: 'Open your store' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  return email;
}

async function operatorPage(page: Page) {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('User name or email').fill('operator');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/operator');
  await hydrated(page);
}

test('a store waiting for approval is under review until the operator approves it', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const storeName = `Lena Linen Studio ${suffix}`;
  const seller = await (await browser.newContext()).newPage();
  const email = await openStore(seller, storeName);
  await expect(
    seller.getByText(`"${storeName}" is under review.`, { exact: false }).first(),
  ).toBeVisible();
  await expect(seller.getByText(`"${storeName}" is open.`, { exact: false })).toHaveCount(0);
  await expect(seller.getByRole('status').filter({ hasText: 'Pending' })).toContainText(
    'Your store is under review.',
  );

  const operator = await (await browser.newContext()).newPage();
  await operatorPage(operator);
  const row = operator.getByRole('row').filter({ hasText: storeName });
  await expect(
    row.getByRole('button', { name: `Decline the application of ${storeName}` }),
  ).toBeVisible();
  await row.getByRole('button', { name: `Approve ${storeName}` }).click();
  const dialog = operator.getByRole('dialog');
  await expect(dialog.getByLabel('Reason (optional)')).toBeEmpty();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Active');

  const mail = await expectMail(email, new RegExp(`^${storeName} is approved`));
  expect(mail.text).not.toContain('Reason:');
  await seller.reload();
  await expect(seller.getByRole('heading', { name: `${storeName} Admin Dashboard` })).toBeVisible();
  await expect(seller.getByText('Your store is under review.')).toHaveCount(0);
});

test('the operator declines an application with a reason, which the owner is mailed', async ({
  browser,
}) => {
  const storeName = `Pop Up Outlet ${Date.now().toString(36)}`;
  const seller = await (await browser.newContext()).newPage();
  const email = await openStore(seller, storeName);

  const operator = await (await browser.newContext()).newPage();
  await operatorPage(operator);
  const row = operator.getByRole('row').filter({ hasText: storeName });
  await row.getByRole('button', { name: `Decline the application of ${storeName}` }).click();
  const dialog = operator.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog.getByText('Give a reason.')).toBeVisible();
  await dialog.getByLabel('Reason').fill('We list independent clothing brands only.');
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Declined');

  const mail = await expectMail(
    email,
    new RegExp(`^Your application for ${storeName} was declined`),
  );
  expect(mail.text).toContain('Reason: We list independent clothing brands only.');
  await seller.reload();
  await expect(seller.getByRole('status').filter({ hasText: 'Declined' })).toContainText(
    'Your application was declined',
  );
});
