import { expect, test } from '@playwright/test';
import { hydrated, signUpAndLogIn } from './helpers';

// Issue 39.3: after opening a store, its owner edits it in Settings: the profile, and the bank
// details the local payouts' bank file needs, shown masked once saved.
test('a brand edits its store profile and bank details in Settings', async ({ page }) => {
  await signUpAndLogIn(page, 'settings');
  const storeName = `Cedar Settings ${Date.now().toString(36)}`;
  await page.goto('/seller-home');
  await hydrated(page);
  const open = page.getByRole('form', { name: 'Open your store' });
  await open.getByLabel('Store name').fill(storeName);
  await open.getByRole('button', { name: 'Open your store' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin?tab=settings');
  await hydrated(page);
  const profile = page.getByRole('form', { name: 'Store profile' });
  await expect(profile.getByLabel('Store name')).toHaveValue(storeName);
  await profile.getByLabel('Description', { exact: true }).fill('Waxed cotton, sewn in Vancouver.');
  await profile.getByLabel('Description (French)').fill('Coton ciré, cousu à Vancouver.');
  await profile.getByLabel('Shipping notes').fill('Ships within 2 business days.');
  await profile.getByLabel('Return notes').fill('Returns within 30 days, unworn.');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Store profile saved.')).toBeVisible();

  const bank = page.getByRole('form', { name: 'Bank details' });
  await bank.getByLabel('Account holder').fill('Cedar Settings Inc.');
  await bank.getByLabel('Transit number (5 digits)').fill('1234');
  await bank.getByLabel('Institution number (3 digits)').fill('003');
  await bank.getByLabel('Account number (7 to 12 digits)').fill('0012345678');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(bank.getByText('The transit number is 5 digits.')).toBeVisible();
  await bank.getByLabel('Transit number (5 digits)').fill('12345');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Bank details saved.')).toBeVisible();

  // Returns go to the ship-from address until the brand gives a return address of its own.
  const returns = page.getByRole('form', { name: 'Return address' });
  const same = returns.getByLabel('Returns go to the ship-from address');
  await expect(same).toBeChecked();
  await same.uncheck();
  await returns.getByLabel('Contact name').fill('Cedar Returns');
  await returns.getByLabel('Street address').fill('200 Granville Street');
  await returns.getByLabel('City').fill('Vancouver');
  await returns.getByLabel('Province or state').fill('BC');
  await returns.getByLabel('Postal or ZIP code').fill('V6C 1S4');
  await returns.getByRole('button', { name: 'Save return address' }).click();
  await expect(page.getByText('Store addresses saved.')).toBeVisible();

  // After a reload: the profile as saved, the account only by its last 4 digits.
  await page.reload();
  await hydrated(page);
  await expect(profile.getByLabel('Shipping notes')).toHaveValue('Ships within 2 business days.');
  await expect(profile.getByLabel('Description (French)')).toHaveValue(
    'Coton ciré, cousu à Vancouver.',
  );
  await expect(
    bank.getByText('Payouts go to the account of Cedar Settings Inc. ending in 5678 (Canada).'),
  ).toBeVisible();
  await expect(page.getByText('0012345678')).toHaveCount(0);
  await expect(same).not.toBeChecked();
  await expect(returns.getByLabel('Street address')).toHaveValue('200 Granville Street');
  const own = await page.request.get('/api/store/public/' + encodeURIComponent(storeName));
  expect(await own.json()).toMatchObject({
    description: 'Waxed cotton, sewn in Vancouver.',
    returnNotes: 'Returns within 30 days, unworn.',
  });
});
