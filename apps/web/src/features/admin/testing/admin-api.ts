import type { ItemDetail, UserProfile } from '@marketplace/shared';
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
  addresses: [],
});

export const product = (overrides: Partial<ItemDetail> = {}): ItemDetail => ({
  id: 7,
  name: 'Harbour Jacket',
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
  options: { storeName?: string | null; items?: ItemDetail[]; extra?: Handler } = {},
) {
  const state = { items: options.items ?? [product()] };
  const storeName = options.storeName === undefined ? STORE_NAME : options.storeName;
  const fetchMock = mockFetch(async (method, path, init) => {
    if (method === 'GET' && path === '/user/maple') return jsonResponse(200, profile(storeName));
    if (method === 'GET' && path.startsWith(`${STORE_PATH}?`)) {
      return jsonResponse(200, state.items, { 'X-Total-Count': String(state.items.length) });
    }
    const answer = await options.extra?.(method, path, init);
    return answer ?? jsonResponse(404, { message: 'Not found.' });
  });
  const paths = () =>
    fetchMock.mock.calls.map(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
    });
  const listRequests = () => paths().filter((p) => p.startsWith(`GET /api${STORE_PATH}?_=`));
  const writes = () => paths().filter((p) => !p.startsWith('GET '));
  return { fetchMock, state, paths, listRequests, writes };
}

export function renderAdmin() {
  setSession(validToken('maple'), 'maple');
  return renderRoute('/admin');
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
