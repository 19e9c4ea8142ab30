import {
  canShipStoreOrder,
  type ItemDetail,
  type StoreOrderItemView,
  type StoreOrderView,
  type PayoutAccount,
  type StorePayoutLedger,
  type StoreOwnerView,
  type UserProfile,
} from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../../test/render';

export const STORE_NAME = 'Maple Denim Co';
export const STORE_PATH = `/store/public/items/${encodeURIComponent(STORE_NAME)}`;

export const profile = (storeName: string | null): UserProfile => ({
  userName: 'maple',
  firstName: 'Maya',
  lastName: 'Roy',
  email: 'maya@example.com',
  storeName,
  role: 'buyer',
  addresses: [],
});

export const product = (overrides: Partial<ItemDetail> = {}): ItemDetail => ({
  id: 7,
  name: 'Harbour Jacket',
  description: '',
  materials: '',
  care: '',
  soldOut: false,
  price: 180,
  sale: 10,
  salePrice: 162,
  currency: 'CAD',
  thumbnail: '/uploads/jacket-thumb.webp',
  store: STORE_NAME,
  category: 'men',
  tags: ['denim', 'outerwear'],
  isAvailable: true,
  images: ['/uploads/jacket-1.webp', '/uploads/jacket-2.webp'],
  storeCity: 'VANCOUVER',
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-03T10:00:00.000Z',
  dimensions: { width: 12, length: 16, height: 4, weight: 3, unit: 'IMPERIAL' },
  itemOptions: [
    { id: 71, color: 'BLUE', size: 'M', price: 180, sale: 0, count: 4, isAvailable: true },
  ],
  ...overrides,
});

export const orderItem = (overrides: Partial<StoreOrderItemView> = {}): StoreOrderItemView => ({
  id: 101,
  itemId: 7,
  itemName: 'Harbour Jacket',
  thumbnail: '/uploads/jacket-thumb.webp',
  size: 'M',
  color: 'BLUE',
  quantity: 1,
  itemPrice: 162,
  status: 'PLACED',
  ordered: 5,
  ...overrides,
});

/** A store order; canShip follows its items unless given. */
export function storeOrder(overrides: Partial<StoreOrderView> = {}): StoreOrderView {
  const order: StoreOrderView = {
    id: '3f2b8c1e-5d4a-4b6f-9c2d-1a2b3c4d5e6f',
    orderId: '9a8b7c6d-1111-4222-8333-444455556666',
    reference: '9A8B7C6D',
    status: 'PLACED',
    progress: 'PLACED',
    placedAt: '2026-02-10T15:30:00.000Z',
    currency: 'CAD',
    subtotal: 162,
    shipping: 10,
    tax: 0,
    refunded: 0,
    shippingMethod: 'STANDARD',
    shippingAddress: {
      fullName: 'Jamie Chen',
      streetAddress: '123 Main St',
      apartment: null,
      city: 'Vancouver',
      province: 'BC',
      country: 'CA',
      postalCode: 'V5K 0A1',
      defaultAddress: false,
    },
    trackingNumber: null,
    carrier: null,
    shippedAt: null,
    deliveredAt: null,
    deliveryAssumed: false,
    trackingUrl: null,
    labelUrl: null,
    canAdvanceTracker: false,
    canShip: false,
    canRefund: true,
    canPrintLabel: true,
    items: [orderItem()],
    ...overrides,
  };
  return { ...order, canShip: overrides.canShip ?? canShipStoreOrder(order) };
}

type Handler = (
  method: string,
  path: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

/**
 * A stand-in for the API behind /admin: the owner's profile and product list, plus whatever
 * `extra` answers (POST/PUT/DELETE /item). Lists every request it saw.
 */
export function adminApi(
  options: {
    storeName?: string | null;
    items?: ItemDetail[];
    orders?: StoreOrderView[];
    payouts?: StorePayoutLedger;
    account?: PayoutAccount;
    /** GET /store's ship-from address (issue 16); null: the store has none yet. */
    shipFrom?: StoreOwnerView['shipFromAddress'];
    /** GET /store's status (issue 39.4). */
    status?: StoreOwnerView['status'];
    extra?: Handler;
  } = {},
) {
  const state = {
    items: options.items ?? [product()],
    orders: options.orders ?? [],
    payouts: options.payouts ?? { lines: [], adjustments: [], periods: [] },
    account: options.account ?? { provider: 'local', status: 'payouts_enabled', accountId: null },
  };
  const storeName = options.storeName === undefined ? STORE_NAME : options.storeName;
  const fetchMock = mockFetch(async (method, path, init) => {
    if (method === 'GET' && path === '/user/maple') return jsonResponse(200, profile(storeName));
    if (method === 'GET' && path.startsWith(`${STORE_PATH}?`)) {
      return jsonResponse(200, state.items, { 'X-Total-Count': String(state.items.length) });
    }
    const answer = await options.extra?.(method, path, init);
    if (answer) return answer;
    if (method === 'GET' && path.startsWith('/store/orders?')) {
      const query = new URLSearchParams(path.split('?')[1]);
      const size = Number(query.get('pageSize'));
      const from = (Number(query.get('page')) - 1) * size;
      return jsonResponse(200, state.orders.slice(from, from + size), {
        'X-Total-Count': String(state.orders.length),
      });
    }
    if (method === 'GET' && path === '/store/payouts') return jsonResponse(200, state.payouts);
    if (method === 'GET' && path === '/store/payouts/account')
      return jsonResponse(200, state.account);
    if (method === 'GET' && path === '/store' && storeName)
      return jsonResponse(
        200,
        ownStore(
          storeName,
          options.shipFrom === undefined ? SHIP_FROM : options.shipFrom,
          options.status,
        ),
      );
    return jsonResponse(404, { message: 'Not found.' });
  });
  const paths = () =>
    fetchMock.mock.calls.map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    });
  const listRequests = () => paths().filter((p) => p.startsWith(`GET /api${STORE_PATH}?_=`));
  const writes = () => paths().filter((p) => !p.startsWith('GET '));
  const orderRequests = () => paths().filter((p) => p.startsWith('GET /api/store/orders?'));
  const sellerRequests = () => paths().filter((p) => /^\w+ \/api\/store\/(orders|payouts)/.test(p));
  return { fetchMock, state, paths, listRequests, writes, orderRequests, sellerRequests };
}

/** /admin, on the given tab (the dashboard opens on Orders). */
export const SHIP_FROM = {
  fullName: 'Maple Denim Co',
  streetAddress: '1 Water Street',
  apartment: null,
  city: 'Vancouver',
  province: 'BC',
  country: 'CA' as const,
  postalCode: 'V6B 1A1',
  defaultAddress: false,
};

export const ownStore = (
  name: string,
  shipFromAddress: StoreOwnerView['shipFromAddress'],
  status: StoreOwnerView['status'] = 'ACTIVE',
): StoreOwnerView => ({
  id: name,
  name,
  description: 'Raw denim from Railtown.',
  descriptionFr: null,
  thumbnail: null,
  city: 'VANCOUVER',
  productCount: 1,
  banner: null,
  shippingNotes: '',
  returnNotes: '',
  shipFromAddress,
  returnAddress: null,
  status,
});

export function renderAdmin(tab?: 'orders' | 'returns' | 'products' | 'payouts' | 'settings') {
  const token = validToken('maple');
  setSession(token, 'maple');
  return { ...renderRoute(tab ? `/admin?tab=${tab}` : '/admin'), token };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The message shows in the given place and once as a toast. */
export function expectInlineAndToast(place: HTMLElement, message: string) {
  expect(within(place).getAllByText(message).length).toBeGreaterThanOrEqual(1);
  const toasts = screen
    .getAllByText(message)
    .filter((element) => element.closest('.Toastify') !== null);
  expect(toasts).toHaveLength(1);
}

/** The multipart body of the one request with this method. */
export function sentForm(fetchMock: ReturnType<typeof mockFetch>, method: string): FormData {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`No multipart ${method} request was made.`);
  return body;
}
