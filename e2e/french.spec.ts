import { expect, test, type Page } from '@playwright/test';
import { hydrated, signUpAndLogIn } from './helpers';

// Issue 19: the language switch in the navigation, the locale in the URL, and the choice kept.

const navigation = (page: Page) => page.locator('.site-navbar');
const footer = (page: Page) => page.getByRole('contentinfo');

async function expectFrenchLayout(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(navigation(page).getByRole('link', { name: 'Mode homme' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Vendez avec nous' })).toBeVisible();
  await expect(navigation(page).getByRole('link', { name: 'Menswear', exact: true })).toHaveCount(
    0,
  );
  await expect(footer(page)).toContainText('Tous droits réservés.');
  await expect(page.getByRole('region', { name: 'Avis du site' })).toContainText(
    'Ce site est en construction',
  );
}

test.describe('French (issue 19)', () => {
  test.use({ locale: 'en-CA' });

  test('switches to French from the navigation, keeps the page, and remembers it', async ({
    page,
  }) => {
    await page.goto('/about');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    // From the keyboard: the switch is a pair of links.
    const languages = navigation(page).getByRole('list', { name: 'Language' });
    await languages.getByRole('link', { name: 'FR Français' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/fr\/about$/);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'À propos de nous' })).toBeVisible();
    await expectFrenchLayout(page);
    await expect(page).toHaveTitle('À propos de nous · LOCAL BRANDS');

    // Links inside the app keep the language.
    await navigation(page).getByRole('link', { name: 'Marques' }).click();
    await expect(page).toHaveURL(/\/fr\/storePage$/);
    await expectFrenchLayout(page);

    // The choice survives a reload, and the home page follows it.
    await page.reload();
    await hydrated(page);
    await expectFrenchLayout(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await hydrated(page);
    await expectFrenchLayout(page);

    // Back to English from the footer: the English home page stays English from now on.
    await footer(page).getByRole('link', { name: 'EN English' }).click();
    await expect(page).toHaveURL(/\/$/);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      navigation(page).getByRole('link', { name: 'Menswear', exact: true }),
    ).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in shopper’s choice is kept in their profile', async ({ page }) => {
    const userName = await signUpAndLogIn(page, 'fr');
    await hydrated(page);
    await navigation(page).getByRole('link', { name: 'FR Français' }).click();
    await expect(page).toHaveURL(/\/fr$/);
    await hydrated(page);
    await expectFrenchLayout(page);
    const token = await page.evaluate<string | null>("localStorage.getItem('token')");
    const profile = await page.request.get(`/api/user/${userName}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await profile.json()) as { locale: string | null }).locale).toBe('fr-CA');
  });
});

test.describe('a first visit from a French browser', () => {
  test.use({ locale: 'fr-CA' });

  test('goes to /fr, in French', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/fr$/);
    await hydrated(page);
    await expectFrenchLayout(page);
  });
});
