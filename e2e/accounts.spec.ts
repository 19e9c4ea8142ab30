import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './helpers';

const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function logIn(page: Page, userName: string, password: string) {
  await page.goto('/login');
  // Typed before hydration, the field takes the name sign-up left in the page's state as well.
  await hydrated(page);
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a shopper signs up, logs in, edits the profile and logs out', async ({ page }) => {
  const userName = unique();
  const password = 'a long enough password';

  await page.goto('/signup');
  await page.getByLabel('First name').fill('Zoë');
  await page.getByLabel('Last name').fill('Tremblay');
  await page.getByLabel('User name').fill(userName);
  await page.getByLabel('Email').fill(`${userName}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('something else entirely');
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, `${userName}@example.com`, password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveURL(/\/user$/);

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText(`${userName}@example.com`)).toBeVisible();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('First name').fill('Zoé');
  await form.getByRole('button', { name: 'Add address' }).click();
  await form.getByLabel('Street address', { exact: true }).fill('1055 West Georgia Street');
  await form.getByLabel('City', { exact: true }).fill('Vancouver');
  await form.getByLabel('Country', { exact: true }).selectOption('CA');
  await form.getByLabel('Province', { exact: true }).selectOption('BC');
  await form.getByLabel('Postal code', { exact: true }).fill('90210');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter a valid postal code, like V6B 1A1.')).toBeVisible();
  await form.getByLabel('Postal code', { exact: true }).fill('v6e3p3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByText('Zoé Tremblay')).toBeVisible();
  await expect(page.getByText(/V6E 3P3/)).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Account' })).toHaveCount(0);
});

test('a wrong password shows the spec message, and a seller sees Admin Dashboard', async ({
  page,
}) => {
  await logIn(page, 'maple-denim', 'not the password');
  await expect(page.getByText('Incorrect username or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, 'maple-denim', 'Password123!');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
});

test('a logged-out visit to /user shows the Login Required modal, which leads to /login', async ({
  page,
}) => {
  await page.goto('/user');
  const modal = page.getByRole('dialog', { name: 'Login Required' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Go to login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a logged-out visit to /shopping-bag lands on /login', async ({ page }) => {
  await page.goto('/shopping-bag');
  // Issue 13: the login page brings the shopper back to the bag.
  await expect(page).toHaveURL(/\/login\?next=%2Fshopping-bag$/);
  await expect(page.getByRole('heading', { name: /login now/i })).toBeVisible();
});

test('on a phone the navigation collapses into a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/about');
  const menswear = page.getByRole('link', { name: 'Menswear', exact: true });
  await expect(menswear).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menswear).toBeVisible();
  await menswear.click();
  await expect(page).toHaveURL(/\/products\?category=men$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Menswear');
});
