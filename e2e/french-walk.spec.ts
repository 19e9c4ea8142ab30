import { expect, test, type Page } from '@playwright/test';
import { LOCAL_TEST_CARDS } from '../packages/shared/src/orders/checkout';
import { hydrated, productId, signUpAndLogIn } from './helpers';

// Issue 19's done-when: a shopper switches to French and walks home, a product page, the bag,
// checkout and My Orders, reading French text, fr-CA prices and no English left (a list of
// allowed proper nouns aside).

/**
 * Words of our English UI: any of them on a French page is a string left untranslated (words
 * French writes the same, "Description", "Total", "Taxes", "Postal", are not in the list).
 */
const ENGLISH_UI_WORDS = [
  'Account',
  'Add',
  'Added',
  'Address',
  'All',
  'Back',
  'Bag',
  'Brand',
  'Brands',
  'Buy',
  'Card',
  'Cart',
  'Category',
  'Checkout',
  'City',
  'Close',
  'Color',
  'Colour',
  'Continue',
  'Country',
  'Delivery',
  'Details',
  'Email',
  'Free',
  'From',
  'Full',
  'Go',
  'Hide',
  'Home',
  'Item',
  'Items',
  'Kids',
  'Kidswear',
  'Left',
  'Login',
  'Logout',
  'Materials',
  'Men',
  'Menswear',
  'More',
  'My',
  'New',
  'Order',
  'Orders',
  'Our',
  'Pay',
  'Payment',
  'Place',
  'Placed',
  'Please',
  'Price',
  'Product',
  'Products',
  'Quantity',
  'Remove',
  'Reviews',
  'Search',
  'Sell',
  'Shipping',
  'Shop',
  'Show',
  'Sign',
  'Size',
  'Sold',
  'Standard',
  'Street',
  'Subtotal',
  'Summary',
  'Tax',
  'The',
  'View',
  'Women',
  'Womenswear',
  'You',
  'Your',
];

/**
 * Proper nouns and brand texts written only in English (decision 030: a brand's text is shown
 * as written when it has no French), taken out before the check.
 */
const ALLOWED = [
  'LOCAL BRANDS',
  'Railtown Raw Selvedge Jeans',
  'Maple Denim Co',
  'Atelier Mont-Royal',
  'EN English',
  // The cities, as the city picker writes them.
  'Vancouver',
  'Montréal',
  'Montreal',
  'Toronto',
  'Los Angeles',
  'New York',
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const fullWords = new RegExp(
  `\\b(${ENGLISH_UI_WORDS.flatMap((w) => [w, w.toUpperCase()]).join('|')})\\b`,
  'g',
);

/** The page's visible text, without the allowed names and the brand texts given. */
async function visibleText(page: Page, brandTexts: string[] = []): Promise<string> {
  let text = await page.locator('body').innerText();
  // Longest first; regardless of case, since names on cards are upper-cased by CSS.
  for (const allowed of [...brandTexts, ...ALLOWED].sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(escaped(allowed), 'gi'), ' ');
  }
  return text;
}

/** No English word of our UI is left on the page (the allowed names aside). */
async function expectNoEnglish(page: Page, brandTexts: string[] = []) {
  await expect
    .poll(async () => {
      const text = await visibleText(page, brandTexts);
      return [...new Set(text.match(fullWords) ?? [])].map((word) => {
        const at = text.search(new RegExp(`\\b${word}\\b`));
        return `${word}: …${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, ' ')}…`;
      });
    })
    .toEqual([]);
}

/** A price as fr-CA writes it: "185,00 $" (never "$185.00"). */
const FR_PRICE = /\d+,\d\d\s\$/;

async function expectFrenchPrices(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).toMatch(FR_PRICE);
  expect(text).not.toMatch(/\$\s?\d/);
}

interface BrandTexts {
  name: string;
  description: string;
  materials: string;
  care: string;
}

test.describe('French walk (issue 19)', () => {
  test.use({ locale: 'en-CA' });

  test('home, two product pages, the bag, checkout and My Orders, all in French', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const sweater = await productId(request, 'laurentides cable sweater');
    const jeans = await productId(request, 'railtown selvedge');
    // The English brand's own texts, shown as written on French pages.
    const jeansTexts = (await (
      await request.get(`/api/item/public/${jeans}?lang=fr-CA`)
    ).json()) as BrandTexts;
    const englishBrandTexts = [
      jeansTexts.name,
      ...jeansTexts.description.split('\n').filter(Boolean),
      jeansTexts.materials,
      jeansTexts.care,
    ].filter(Boolean);
    const reviews = (await (
      await request.get(`/api/item-review/item/${jeans}`)
    )
      .json()
      .catch(() => [])) as
      { comment?: string; userName?: string }[] | { items?: { comment?: string }[] };
    const reviewTexts = (Array.isArray(reviews) ? reviews : (reviews.items ?? [])).flatMap((r) =>
      r.comment ? [r.comment] : [],
    );
    // Every product's and brand's name as French readers get it: English where the brand wrote
    // no French (decision 030), allowed on every page.
    const catalog: { name: string; store: string }[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const cards = (await (
        await request.get(`/api/item/public/search?lang=fr-CA&pageSize=100&page=${pageNumber}`)
      ).json()) as { name: string; store: string }[];
      catalog.push(...cards);
      if (cards.length < 100) break;
    }
    const names = [...new Set(catalog.flatMap((card) => [card.name, card.store]))];

    await signUpAndLogIn(page, 'walk');
    await hydrated(page);

    // Home: the switch in the navigation.
    await page
      .locator('.site-navbar')
      .getByRole('list', { name: 'Language' })
      .getByRole('link', { name: 'FR Français' })
      .click();
    await expect(page).toHaveURL(/\/fr$/);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(
      page.locator('.site-navbar').getByRole('link', { name: 'Mode homme' }),
    ).toBeVisible();
    await expectFrenchPrices(page);
    await expectNoEnglish(page, names);

    // The search box suggests the French brand's product under its French name, in its city
    // (suggestions follow the chosen city, issue 39.6).
    await page.locator('.site-navbar select').first().selectOption('MONTREAL');
    await page.getByRole('combobox').first().fill('laurentides');
    await page.getByRole('option', { name: /Chandail torsadé Laurentides/ }).click();

    // The French brand's product: its French name, description and materials.
    await expect(page).toHaveURL(new RegExp(`/fr/product/${sweater}$`));
    await hydrated(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Chandail torsadé Laurentides' }),
    ).toBeVisible();
    await expect(page.getByText('185,00 $').first()).toBeVisible();
    await expect(page.getByText(/tricoté à Montréal en laine du Québec/)).toBeVisible();
    await expectNoEnglish(page, names);
    await page.getByRole('button', { name: 'Crème', exact: true }).click();
    await page.getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText('Article ajouté au panier!')).toBeVisible();
    await expectNoEnglish(page, names);

    // An English brand's product: its texts as written, everything around them in French.
    await page.goto(`/fr/product/${jeans}`);
    await hydrated(page);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Railtown Raw Selvedge Jeans' }),
    ).toBeVisible();
    await expect(page.getByText('189,00 $').first()).toBeVisible();
    await expectFrenchPrices(page);
    await expectNoEnglish(page, [...names, ...englishBrandTexts, ...reviewTexts]);
    await page.getByRole('button', { name: 'Bleu', exact: true }).click();
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page.getByText('Article ajouté au panier!')).toBeVisible();

    // The bag: each product under its French name where the brand wrote one.
    await page.goto('/fr/shopping-bag');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'ARTICLES DU PANIER' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chandail torsadé Laurentides' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toBeVisible();
    const summary = page.getByRole('complementary', { name: 'RÉSUMÉ DE LA COMMANDE' });
    // 185,00 $ + 189,00 $: free shipping from 300 $.
    await expect(summary).toContainText('374,00 $ CAD');
    await expectFrenchPrices(page);
    await expectNoEnglish(page, names);

    // Checkout, with the built-in provider's test card.
    await summary.getByRole('button', { name: 'Passer à la caisse' }).click();
    await expect(page).toHaveURL(/\/fr\/checkout$/);
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Passer à la caisse' });
    await expect(form).toBeVisible();
    await expect(page.getByText('Chandail torsadé Laurentides').first()).toBeVisible();
    await expectFrenchPrices(page);
    await expectNoEnglish(page, names);
    await form.getByLabel('Nom complet').fill('Camille Caisse');
    await form.getByLabel('Adresse', { exact: true }).fill('5333 Avenue Casgrain');
    await form.getByLabel('Ville', { exact: true }).fill('Montréal');
    await form.getByLabel('Pays').selectOption('CA');
    await form.getByLabel('Province').selectOption('QC');
    await form.getByLabel('Code postal').fill('H2T 1X3');
    await form.getByLabel('Numéro de carte').fill(LOCAL_TEST_CARDS.succeeds);
    await form.getByLabel('Mois d’expiration').fill('12');
    await form.getByLabel('Année d’expiration').fill('2030');
    await form.getByLabel('CVC').fill('123');
    await expectNoEnglish(page, names);
    await page.getByRole('button', { name: 'PASSER LA COMMANDE' }).click();
    await expect(page).toHaveURL(/\/fr\/checkout\/success\?orderId=/);
    await expect(page.getByText('Paiement réussi et commande passée!').first()).toBeVisible();
    await expectFrenchPrices(page);
    await expectNoEnglish(page, names);

    // My Orders: the order's lines under the names they were bought with, in French.
    await page.goto('/fr/user');
    await hydrated(page);
    const orders = page.getByRole('button', { name: /Commande/, expanded: false });
    await expect(orders).toHaveCount(1);
    await orders.first().click();
    await expect(page.getByRole('link', { name: 'Chandail torsadé Laurentides' })).toHaveAttribute(
      'href',
      `/fr/product/${sweater}`,
    );
    await expect(page.getByRole('link', { name: 'Railtown Raw Selvedge Jeans' })).toBeVisible();
    await expectFrenchPrices(page);
    await expectNoEnglish(page, names);
  });
});
