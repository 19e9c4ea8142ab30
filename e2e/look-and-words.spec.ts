import { expect, test, type Page } from '@playwright/test';
import { demoAccountPage, hydrated } from './helpers';

/**
 * Issue 39 items 11 and 25: one look across the shop, the dashboard and the console, drawn in
 * the brand's colours rather than Bootstrap's default blue, with focus rings that stay clearly
 * visible; and a footer whose chosen language can be seen and whose Privacy link opens a policy.
 */

/** Bootstrap 5's default primary, as a computed style writes it (alone or in its focus ring). */
const BOOTSTRAP_BLUE = /rgba?\(13, 110, 253\b/;

interface Looked {
  color: string;
  background: string;
  border: string;
  boxShadow: string;
  outline: string;
  transform: string;
  focusVisible: boolean;
}

/** The first element a selector finds, as the browser draws it (a string: the CSP forbids eval). */
async function look(page: Page, selector: string): Promise<Looked> {
  await expect(page.locator(selector).first()).toBeAttached();
  return page.evaluate<Looked>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    const style = getComputedStyle(el);
    return {
      color: style.color,
      background: style.backgroundColor,
      border: [style.borderTopColor, style.borderRightColor, style.borderBottomColor, style.borderLeftColor].join(' '),
      boxShadow: style.boxShadow,
      outline: style.outlineStyle === 'none' ? 'none' : style.outlineColor + ' ' + style.outlineWidth,
      transform: style.textTransform,
      focusVisible: el.matches(':focus-visible'),
    };
  })()`);
}

const expectOnBrand = (looked: Looked, label: string) =>
  expect(JSON.stringify(looked), `${label} is drawn in Bootstrap's default blue`).not.toMatch(
    BOOTSTRAP_BLUE,
  );

/** "rgb(156, 61, 28)" or "rgba(…, a)" → [r, g, b, a]. */
function rgba(text: string): [number, number, number, number] {
  const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

/** WCAG 2's contrast ratio of a colour (blended onto `under` if translucent) against `under`. */
function contrast(color: string, under: string): number {
  const [r, g, b, a] = rgba(color);
  const [ur, ug, ub] = rgba(under);
  const blend = [r * a + ur * (1 - a), g * a + ug * (1 - a), b * a + ub * (1 - a)];
  const luminance = (channels: number[]) => {
    const [lr, lg, lb] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  };
  const [light, dark] = [luminance(blend), luminance([ur, ug, ub])].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour of a focus ring: a solid outline's, or a box-shadow ring's. */
function ringColor(looked: Looked): string | null {
  if (looked.outline !== 'none') return looked.outline;
  const shadow = looked.boxShadow.match(/rgba?\([^)]*\)/);
  return looked.boxShadow !== 'none' && shadow ? shadow[0] : null;
}

/** Gives an element the keyboard's focus (so :focus-visible applies) and reads its ring. */
async function focusRing(page: Page, selector: string): Promise<Looked> {
  await page.locator(selector).first().focus();
  await page.keyboard.press('Shift');
  let looked = await look(page, selector);
  // Bootstrap's buttons fade their ring in (a box-shadow transition).
  await expect
    .poll(async () => {
      looked = await look(page, selector);
      return looked.boxShadow + looked.outline;
    })
    .not.toMatch(/^none\s*none$/);
  // Read the ring once its fade has ended: mid-transition it is still partly transparent.
  await page
    .locator(selector)
    .first()
    .evaluate((element) =>
      Promise.all(
        element
          .getAnimations()
          .map((animation: { finished: Promise<unknown> }) => animation.finished),
      ),
    );
  return look(page, selector);
}

async function expectVisibleRing(
  page: Page,
  selector: string,
  label: string,
  under = 'rgb(255, 255, 255)',
) {
  const looked = await focusRing(page, selector);
  expectOnBrand(looked, `${label}'s focus ring`);
  const ring = ringColor(looked);
  expect(ring, `${label} has a focus ring`).not.toBeNull();
  expect(
    contrast(ring!, under),
    `${label}'s focus ring (${ring}) against its page`,
  ).toBeGreaterThanOrEqual(3);
}

/** No rule of the page's stylesheets paints Bootstrap's blue (its palette variable aside). */
async function expectNoBlueRules(page: Page, label: string) {
  const rules = await page.evaluate<string[]>(`(() => {
    const found = [];
    for (const sheet of document.styleSheets) {
      let rules;
      try { rules = sheet.cssRules; } catch { continue; }
      for (const rule of rules) {
        const text = rule.cssText.replace(/--bs-blue:[^;]*;/g, '');
        if (/#0d6efd|rgba?\\(13, 110, 253/i.test(text)) found.push(text.slice(0, 160));
      }
    }
    return found;
  })()`);
  expect(rules, `${label}: rules in Bootstrap's default blue`).toEqual([]);
}

async function visit(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  await expect(page.locator('.page-loader')).toHaveCount(0);
}

test.describe('one look, in the brand’s colours (issue 39 item 25)', () => {
  test('the shop: outline buttons, checks and their focus rings', async ({ page }) => {
    // Every rule of the page's stylesheets: pagination, dropdowns, checks, outline buttons
    // (e2e/pagination.spec.ts draws the pager itself, with the 13th product it needs).
    await visit(page, '/products');
    await expectNoBlueRules(page, 'products');
    await page.getByRole('button', { name: 'Category', exact: true }).click();
    await page.getByRole('checkbox', { name: /^Women/ }).click();
    await expect(page).toHaveURL(/category=women/);
    await expect(page.getByRole('checkbox', { name: /^Women/ })).toBeChecked();
    const checked = await look(page, '.filter-option input:checked');
    expectOnBrand(checked, 'a ticked filter');
    expect(checked.background, 'a ticked filter in ink').toBe('rgb(17, 17, 17)');
    await expectVisibleRing(page, '.filter-option input:checked', 'a ticked filter');
    await expectVisibleRing(page, '.city-select', 'the city select');

    await visit(page, '/');
    const outline = '.btn-outline-primary';
    const button = await look(page, outline);
    expectOnBrand(button, 'an outline button');
    expect(button.color, 'an outline button in ink').toBe('rgb(17, 17, 17)');
    await expectVisibleRing(page, outline, 'an outline button');
  });

  test('the dashboard and the console: tabs, tables and badges look alike', async ({ browser }) => {
    const seller = await demoAccountPage(browser, 'maple-denim');
    await visit(seller, '/admin?tab=products');
    await expectNoBlueRules(seller, 'dashboard');
    const sellerTab = await look(seller, '.nav-tabs .nav-link.active');
    expectOnBrand(sellerTab, 'the dashboard’s active tab');
    await expectVisibleRing(seller, '.nav-tabs .nav-link:not(.active)', 'a dashboard tab');
    const sellerHeading = await look(seller, '.table > thead th');
    await seller.context().close();

    const operator = await demoAccountPage(browser, 'operator');
    await visit(operator, '/operator?tab=brands');
    await expectNoBlueRules(operator, 'console');
    const operatorTab = await look(operator, '.nav-tabs .nav-link.active');
    expectOnBrand(operatorTab, 'the console’s active tab');
    await expectVisibleRing(operator, '.nav-tabs .nav-link:not(.active)', 'a console tab');
    // The same tabs and table headings in both: not Bootstrap's defaults in one of them.
    expect(operatorTab).toEqual(sellerTab);
    expect(operatorTab.transform).toBe('uppercase');
    await expect(operator.locator('.table > thead th').first()).toBeVisible();
    const operatorHeading = await look(operator, '.table > thead th');
    expect(operatorHeading).toEqual(sellerHeading);
    expect(operatorHeading.transform).toBe('uppercase');
    await operator.context().close();

    const shopper = await demoAccountPage(browser, 'shopper');
    await visit(shopper, '/user');
    await shopper.getByRole('tab', { name: 'Profile' }).click();
    const badge = await look(shopper, '.badge');
    expectOnBrand(badge, 'a badge');
    expect(badge.transform, 'a badge in the headings’ small capitals').toBe('uppercase');
    await shopper.context().close();
  });
});

test.describe('the footer (issue 39 item 11)', () => {
  test('shows and announces the chosen language, and its Privacy link opens the policy', async ({
    page,
  }) => {
    await visit(page, '/');
    const footer = page.getByRole('contentinfo');
    const active = footer.locator('.language-switch__option.active');
    await expect(active).toHaveText('EN');
    await expect(active).toHaveAttribute('aria-current', 'true');
    const footerBackground = await page.evaluate<string>(
      `getComputedStyle(document.querySelector('.site-footer')).backgroundColor`,
    );
    const chosen = await look(page, '.site-footer .language-switch__option.active');
    expect(
      contrast(chosen.color, footerBackground),
      `the chosen language (${chosen.color}) on the footer (${footerBackground})`,
    ).toBeGreaterThanOrEqual(4.5);
    await expectVisibleRing(
      page,
      '.site-footer .language-switch__option.active',
      'the footer’s language',
      footerBackground,
    );

    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/about#privacy$/);
    const privacy = page.locator('#privacy');
    await expect(page.getByRole('button', { name: 'Privacy Policy' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(privacy).toContainText('PIPEDA');
    await expect(privacy).toContainText('What we collect:');
    await expect(privacy).toContainText('privacy@localbrands.example');
    await expect(privacy.getByText(/^Your rights:/)).toBeVisible();

    await visit(page, '/fr/about#privacy');
    await expect(page.locator('#privacy')).toContainText('Loi 25');
    await expect(
      page.getByRole('contentinfo').locator('.language-switch__option.active'),
    ).toHaveText('FR');
  });
});
