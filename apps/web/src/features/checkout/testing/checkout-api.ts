import type {
  Cart,
  CheckoutSession,
  OrderView,
  TaxLineView,
  UserProfile,
} from '@marketplace/shared';
import { jsonResponse, type mockFetch } from '../../../test/render';

export const ORDER_ID = '3f1c2a9e-7b44-4d1e-9a55-0c2b8e6f1d20';

export const SESSION: CheckoutSession = {
  orderId: ORDER_ID,
  clientSecret: 'local_secret_123',
  totalAmount: 242,
  subtotal: 222,
  shipping: 20,
  currency: 'CAD',
  shippingMethod: 'STANDARD',
  checkoutUrl: '/checkout',
  provider: 'local',
  reservedUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
  shippingAddress: null,
  tax: 0,
  taxLines: [],
  taxCalculated: false,
};

export const PROFILE: UserProfile = {
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName: null,
  role: 'buyer',
  addresses: [
    {
      streetAddress: '99 Other Ave',
      apartment: null,
      city: 'Toronto',
      province: 'ON',
      country: 'CA',
      postalCode: 'M5V 2T6',
      defaultAddress: false,
    },
    {
      streetAddress: '123 Main St',
      apartment: 'Unit 4',
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V6B 1A1',
      defaultAddress: true,
    },
  ],
};

export const CART: Cart = {
  items: [
    {
      itemId: 7,
      itemOptionId: 71,
      itemName: 'Railtown Raw Selvedge Jeans',
      thumbnail: '/uploads/railtown.webp',
      currency: 'CAD',
      itemPrice: 150,
      originalPrice: 150,
      size: 'M',
      color: 'BLUE',
      quantity: 1,
      store: 'Maple Denim Co',
      available: 3,
      limit: 10,
      unavailable: false,
    },
    {
      itemId: 12,
      itemOptionId: 121,
      itemName: 'Merino Crewneck Sweater',
      thumbnail: null,
      currency: 'CAD',
      itemPrice: 72,
      originalPrice: 90,
      size: 'L',
      color: 'RED',
      quantity: 1,
      store: 'Plateau Knits',
      available: 5,
      limit: 10,
      unavailable: false,
    },
  ],
  subtotal: 222,
  currency: 'CAD',
};

export const PLACED_ORDER: OrderView = {
  id: ORDER_ID,
  status: 'PLACED',
  progress: 'PLACED',
  createdAt: '2026-11-22T18:27:00.000Z',
  placedAt: '2026-11-22T18:30:00.000Z',
  currency: 'CAD',
  subtotal: 222,
  shipping: 20,
  tax: 26.64,
  taxLines: [
    { label: 'GST 5 %', taxType: 'GST', rate: 0.05, amount: 11.1 },
    { label: 'PST 7 %', taxType: 'PST', rate: 0.07, amount: 15.54 },
  ],
  totalAmount: 268.64,
  refunded: 0,
  balance: 268.64,
  shippingMethod: 'STANDARD',
  shippingAddress: null,
  items: [
    {
      id: 1,
      itemId: 7,
      itemName: 'Railtown Raw Selvedge Jeans',
      thumbnail: '/uploads/railtown.webp',
      store: 'Maple Denim Co',
      size: 'M',
      color: 'BLUE',
      quantity: 1,
      itemPrice: 150,
      tax: 18,
      status: 'PLACED',
      carrier: null,
      trackingNumber: null,
    },
    {
      id: 2,
      itemId: 12,
      itemName: 'Merino Crewneck Sweater',
      thumbnail: null,
      store: 'Plateau Knits',
      size: 'L',
      color: 'RED',
      quantity: 1,
      itemPrice: 72,
      tax: 8.64,
      status: 'PLACED',
      carrier: null,
      trackingNumber: null,
    },
  ],
  parcels: [],
};

type Handler = Parameters<typeof mockFetch>[0];

/**
 * A stand-in for the checkout API: the session, the profile, the bag and the shipping update
 * (priced by TAX_LINES_BY_REGION) answer by default;
 * `handler` answers first (return undefined to fall through).
 */
export function checkoutApi(
  handler: (
    method: string,
    path: string,
    init: RequestInit | undefined,
  ) => Response | Promise<Response> | undefined = () => undefined,
): Handler {
  return (method, path, init) => {
    const answer = handler(method, path, init);
    if (answer) return answer;
    // French pages ask in French (a 409 names the products in French).
    if (
      method === 'POST' &&
      (path === '/orders/checkout' || path === '/orders/checkout?lang=fr-CA')
    )
      return jsonResponse(201, SESSION);
    if (method === 'GET' && path === '/user/alice') return jsonResponse(200, PROFILE);
    if (method === 'GET' && path === '/orders/cart') return jsonResponse(200, CART);
    if (method === 'POST' && path === '/orders/place') return jsonResponse(200, PLACED_ORDER);
    if (method === 'PUT' && path === `/orders/${ORDER_ID}/shipping`)
      return jsonResponse(200, sessionAfterShipping(JSON.parse(String(init?.body))));
    return jsonResponse(404, { message: 'Not found.' });
  };
}

/**
 * The taxes the API answers for the bag above ($222 CAD of adult clothing) by province or
 * state, as the rates table has them; shipping is left untaxed here to keep the sums readable.
 * An address elsewhere gets no tax lines.
 */
export const TAX_LINES_BY_REGION: Record<string, TaxLineView[]> = {
  BC: [
    { label: 'GST 5 %', taxType: 'GST', rate: 0.05, amount: 11.1 },
    { label: 'PST 7 %', taxType: 'PST', rate: 0.07, amount: 15.54 },
  ],
  ON: [{ label: 'HST 13 %', taxType: 'HST', rate: 0.13, amount: 28.86 }],
  QC: [
    { label: 'GST 5 %', taxType: 'GST', rate: 0.05, amount: 11.1 },
    { label: 'QST 9.975 %', taxType: 'QST', rate: 0.09975, amount: 22.14 },
  ],
};

/** The session PUT /orders/{id}/shipping would answer for `body`, on the checkout `session`. */
export function sessionAfterShipping(body: unknown, session = SESSION): CheckoutSession {
  const { address, method } = body as {
    address: NonNullable<CheckoutSession['shippingAddress']>;
    method: CheckoutSession['shippingMethod'];
  };
  const shipping = method === 'EXPRESS' ? 50 : 20;
  const taxLines = TAX_LINES_BY_REGION[address.province] ?? [];
  const taxCents = taxLines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
  return {
    ...session,
    shippingAddress: address,
    shippingMethod: method,
    shipping,
    tax: taxCents / 100,
    taxLines,
    taxCalculated: true,
    totalAmount: (Math.round(session.subtotal * 100) + shipping * 100 + taxCents) / 100,
  };
}
