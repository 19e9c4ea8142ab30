import { expect, test } from '@playwright/test';
import { FORGOT_PASSWORD_SENT } from '../packages/shared/src/users/auth';
import { expectMail } from './mails';

test('a shopper who forgot the password gets the link by email and logs in with a new one', async ({
  page,
}) => {
  const userName = `forgetful${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/auth/registerUser', {
    data: {
      password: 'a long enough password',
      userDto: {
        firstName: 'Fern',
        lastName: 'Forgetful',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(`${userName}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(FORGOT_PASSWORD_SENT);

  const mail = await expectMail(`${userName}@example.com`, /Reset your Local Brands password/);
  const token = /reset-password\?token=([\w.-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();

  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel('New password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill('another long password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
});
