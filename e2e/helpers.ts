import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOCAL_TEST_CARDS } from '../packages/shared/src/orders/checkout';

type ShippingAddressInput = {
  fullName: string;
  streetAddress: string;
  city: string;
  province: string;
  country: 'CA' | 'US';
  postalCode: string;
};

const MONTREAL_ADDRESS: ShippingAddressInput = {
  fullName: 'Olive Order',
  streetAddress: '5333 Avenue Casgrain',
  city: 'Montreal',
  province: 'QC',
  country: 'CA',
  postalCode: 'H2T 1X3',
};

/**
 * Waits until React has taken a server-rendered page over (issue 18): until then what is
 * clicked, typed or sent is held and done again at that moment (decision 031).
 */
export async function hydrated(page: Page): Promise<void> {
  // A selector, not a function: the site's content security policy forbids eval in the page.
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The id of the first product a keyword finds. */
export async function productId(request: APIRequestContext, keyword: string): Promise<number> {
  const response = await request.get(
    `/api/item/public/search?keyword=${encodeURIComponent(keyword)}`,
  );
  const [product] = (await response.json()) as { id: number }[];
  expect(product, keyword).toBeDefined();
  return product!.id;
}

/** Registers a new shopper through the API and logs in through the login page. */
export async function signUpAndLogIn(page: Page, prefix: string, firstName = 'Sam') {
  const userName = `${prefix}${Date.now().toString(36)}`;
  const password = 'a long enough password';
  const registered = await page.request.post('/api/auth/registerUser', {
    data: {
      password,
      userDto: {
        firstName,
        lastName: 'Shopper',
        userName,
        email: `${userName}@example.com`,
        addresses: [],
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  return userName;
}

/** Adds one unit of a product's colour and size from its product page. */
export async function addToBag(page: Page, id: number, color: string, size: string) {
  await page.goto(`/product/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: color, exact: true }).click();
  await page.getByRole('button', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to cart!')).toBeVisible();
}

/** The signed-in user's Authorization header, for API calls made beside the browser. */
export async function bearerOf(page: Page): Promise<{ Authorization: string }> {
  const token = await page.evaluate<string | null>("localStorage.getItem('token')");
  return { Authorization: `Bearer ${token}` };
}

/** Every demo account's password (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Password123!';

/** A page in a browser context of its own, signed in as a demo account through the login page. */
export async function demoAccountPage(browser: Browser, userName: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User name or email').fill(userName);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  return page;
}

interface ProductDetail {
  id: number;
  name: string;
  itemOptions: { id: number; color: string; size: string }[];
}

/** The demo product and one of its options, by name, colour and size. */
export async function demoOption(
  request: APIRequestContext,
  name: string,
  color: string,
  size: string,
) {
  const search = await request.get(`/api/item/public/search?keyword=${encodeURIComponent(name)}`);
  const [found] = (await search.json()) as { id: number }[];
  expect(found, name).toBeDefined();
  const detail = (await (
    await request.get(`/api/item/public/${found!.id}`)
  ).json()) as ProductDetail;
  const match = detail.itemOptions.find((o) => o.color === color && o.size === size);
  expect(match, `${name} ${color} ${size}`).toBeDefined();
  return { itemId: detail.id, itemOptionId: match!.id };
}

/**
 * The buyer's side of a purchase through the API, as the checkout page calls it (the
 * checkout screens have their own end-to-end test): bag, checkout, address, card, place.
 */
export async function buyThroughApi(
  page: Page,
  lines: { itemId: number; itemOptionId: number }[],
  address: ShippingAddressInput = MONTREAL_ADDRESS,
): Promise<string> {
  const headers = await bearerOf(page);
  for (const line of lines) {
    const added = await page.request.post('/api/orders/cart/add', {
      headers,
      data: { ...line, quantity: 1 },
    });
    expect(added.status()).toBe(200);
  }
  const session = await (await page.request.post('/api/orders/checkout', { headers })).json();
  const shipping = await page.request.put(`/api/orders/${session.orderId}/shipping`, {
    headers,
    data: {
      address,
      method: 'STANDARD',
    },
  });
  expect(shipping.status()).toBe(200);
  const paid = await page.request.post('/api/payments/local/confirm', {
    headers,
    data: {
      clientSecret: session.clientSecret,
      cardNumber: LOCAL_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    },
  });
  expect(paid.status()).toBe(200);
  const placed = await page.request.post('/api/orders/place', {
    headers,
    data: { orderId: session.orderId },
  });
  expect(placed.status()).toBe(200);
  return (session.orderId as string).slice(0, 8).toUpperCase();
}
