import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoAccountPage, productId } from './helpers';

/**
 * Issue 13 item 10: axe-core finds no serious or critical WCAG 2.1 A/AA violation on any page,
 * signed out and signed in. One browser context per role, pages visited in turn: the whole
 * sweep is a handful of seconds, not one login per page.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Runs axe on the page as it is now; the failure message lists each node that broke a rule. */
async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking
    .map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, ' ')}`)
          .join('\n'),
    )
    .join('\n');
  expect.soft(blocking, `${label}\n${report}`).toEqual([]);
}

/**
 * Opens a page and waits until its main heading is there (the lazy chunk and its first
 * request have settled), so axe looks at the page rather than at the loader.
 */
async function visit(page: Page, path: string) {
  // Not the load event: a lazy image far down the page would hold it; the heading is enough.
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('main h1, h1').first()).toBeVisible();
  await expect(page.locator('.page-loader')).toHaveCount(0);
}

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('every page signed out', async ({ page, request }) => {
    const product = await productId(request, 'denim');
    const [store] = (await (await request.get('/api/store/public')).json()) as {
      id: string;
    }[];
    const pages: [string, string][] = [
      ['/', 'home'],
      ['/products', 'products'],
      ['/products?city=Vancouver&category=Tops', 'products with filters'],
      [`/product/${product}`, 'product page'],
      ['/storePage', 'stores'],
      [`/store/${encodeURIComponent(store!.id)}`, 'store page'],
      ['/store/No%20Such%20Store', 'unknown store'],
      ['/about', 'about'],
      ['/login', 'login'],
      ['/signup', 'sign up'],
      ['/forgot-password', 'forgot password'],
      ['/reset-password?token=x', 'reset password'],
      ['/seller-home', 'seller home'],
      ['/checkout', 'checkout'],
      ['/no-such-page', 'not found'],
    ];
    for (const [path, label] of pages) {
      await visit(page, path);
      await expectNoSeriousViolations(page, `${label} (${path}), signed out`);
    }

    // The About page's sections are an accordion: each opened section is checked too.
    await visit(page, '/about');
    const sections = page.locator('.accordion-button');
    for (let i = 0; i < (await sections.count()); i += 1) {
      await sections.nth(i).click();
    }
    await expectNoSeriousViolations(page, 'about with every section open, signed out');
  });

  test('every page signed in as a shopper', async ({ browser, request }) => {
    const product = await productId(request, 'denim');
    const page = await demoAccountPage(browser, 'shopper');
    for (const [path, label] of [
      ['/', 'home'],
      ['/products', 'products'],
      [`/product/${product}`, 'product page'],
      ['/shopping-bag', 'bag'],
      ['/checkout', 'checkout'],
      ['/user', 'my orders'],
      ['/seller-home', 'seller home'],
    ] as const) {
      await visit(page, path);
      await expectNoSeriousViolations(page, `${label} (${path}), shopper`);
    }
    await visit(page, '/user');
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectNoSeriousViolations(page, 'account profile, shopper');
    await page.context().close();
  });

  test('the seller dashboard signed in as a seller', async ({ browser }) => {
    const page = await demoAccountPage(browser, 'maple-denim');
    for (const tab of ['orders', 'products', 'payouts']) {
      await visit(page, `/admin?tab=${tab}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoSeriousViolations(page, `seller dashboard ${tab} tab`);
    }
    await page.context().close();
  });
});

/** The theme's focus ring: a solid accent outline, or Bootstrap's accent box-shadow ring. */
async function expectFocusRing(page: Page, label: string) {
  // Polled: Bootstrap's buttons fade their ring in (a box-shadow transition).
  await expect
    .poll(
      () =>
        page.evaluate<string>(`(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return 'nothing has the focus';
          const style = getComputedStyle(el);
          const accent = /156, 61, 28/;
          const ring =
            (style.outlineStyle === 'solid' && accent.test(style.outlineColor)) ||
            accent.test(style.boxShadow);
          return ring ? 'ring' : 'no ring: ' + style.outlineStyle + ' / ' + style.boxShadow;
        })()`),
      { message: `${label} shows a focus ring` },
    )
    .toBe('ring');
}

test('the keyboard reaches the controls, each shows its focus ring, and Add to Cart keeps the focus', async ({
  browser,
  request,
}) => {
  const page = await demoAccountPage(browser, 'shopper');
  await visit(page, '/products');
  const city = page.getByRole('combobox', { name: 'City' });
  await city.focus();
  await expectFocusRing(page, 'the city select');
  const reset = page.getByRole('button', { name: 'Reset Filter' });
  await reset.focus();
  await expectFocusRing(page, 'Reset Filter');

  const id = await productId(request, 'denim');
  await visit(page, `/product/${id}`);
  const colours = page.getByRole('group', { name: /^Colou?r/ }).getByRole('button');
  await colours.first().focus();
  await expectFocusRing(page, 'a colour button');
  await page.keyboard.press('Enter');
  const sizes = page.getByRole('group', { name: /^Size/ }).getByRole('button', { disabled: false });
  await sizes.first().focus();
  await page.keyboard.press('Enter');

  const addToCart = page.locator('.add-to-cart');
  await addToCart.focus();
  await expectFocusRing(page, 'Add to Cart');
  await page.keyboard.press('Enter');
  await expect(addToCart).toHaveText('Added to Cart - Go to Checkout');
  await expect(addToCart).toBeFocused();
  await page.context().close();
});
