import { fitAdvice, type ItemDetail, type Review, type ReviewSummary } from '@marketplace/shared';
import { getUserName, hasValidSession } from '../../../lib/session';
import { jsonResponse, mockFetch } from '../../../test/render';

export const ITEM_ID = 7;

/**
 * A review as the fake server keeps it: with its author's login name, which the real server
 * keeps too but never sends (it answers `mine` for the signed-in viewer instead).
 */
export type StoredReview = Omit<Review, 'mine'> & { userName: string };

export function makeReview(overrides: Partial<StoredReview> = {}): StoredReview {
  return {
    reviewId: 1,
    itemId: ITEM_ID,
    userName: 'bob',
    displayName: 'Bob K.',
    rating: 4,
    fitScore: 3,
    comment: 'Lovely fabric.',
    createdAt: '2026-11-22T12:00:00.000Z',
    verifiedPurchase: false,
    ...overrides,
  };
}

export function makeProduct(): ItemDetail {
  const option = (id: number, size: string) => ({
    id,
    color: 'RED',
    size,
    price: 0,
    sale: 0,
    count: 5,
    isAvailable: true,
  });
  return {
    id: ITEM_ID,
    name: 'Wool Overshirt',
    description: '',
    materials: '',
    care: '',
    soldOut: false,
    price: 120,
    sale: 0,
    salePrice: 120,
    currency: 'CAD',
    thumbnail: '/uploads/thumb.webp',
    store: 'Maple Denim Co',
    category: 'men',
    tags: [],
    isAvailable: true,
    images: [],
    storeCity: 'VANCOUVER',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    dimensions: { width: 12, length: 14, height: 3, weight: 2, unit: 'IMPERIAL' },
    itemOptions: [option(71, 'M'), option(72, 'L')],
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** What the server would answer for these reviews. */
export function summarize(reviews: readonly StoredReview[]): ReviewSummary {
  const count = reviews.length;
  const mean = (pick: (r: StoredReview) => number) =>
    round1(reviews.reduce((sum, r) => sum + pick(r), 0) / count);
  const averageFit = count ? mean((r) => r.fitScore) : 3;
  // Only verified purchases advise on fit.
  const verified = reviews.filter((r) => r.verifiedPurchase);
  const verifiedFit = round1(verified.reduce((sum, r) => sum + r.fitScore, 0) / verified.length);
  return {
    itemId: ITEM_ID,
    count,
    verifiedCount: verified.length,
    averageRating: count ? mean((r) => r.rating) : 0,
    verifiedAverageRating: verified.length
      ? round1(verified.reduce((sum, r) => sum + r.rating, 0) / verified.length)
      : 0,
    averageFit,
    fitAdvice: verified.length ? fitAdvice(verifiedFit, verified.length) : null,
  };
}

type Failure = number | (() => Response | Promise<Response>);

/** The review as the server answers it to whoever is signed in now. */
export function asAnswered({ userName, ...review }: StoredReview): Review {
  const viewer = hasValidSession() ? getUserName() : null;
  return { ...review, mine: !!viewer && viewer.toLowerCase() === userName.toLowerCase() };
}

interface FakeReviewsApiOptions {
  reviews?: StoredReview[];
  /** The signed-in user the fake server writes reviews for. */
  author?: { userName: string; displayName: string };
  /** Answer a request with this status (or response) instead of doing it. */
  fail?: Partial<Record<'list' | 'summary' | 'create' | 'update' | 'delete', Failure>>;
  summary?: ReviewSummary;
  /** The signed-in viewer's store (their profile's storeName). */
  viewerStoreName?: string | null;
}

const failWith = (failure: Failure) =>
  typeof failure === 'number' ? jsonResponse(failure, { message: 'boom' }) : failure();

/**
 * A small stand-in for the API behind the product page: the product, and reviews that POST,
 * PUT and DELETE really change, so reloads show the result.
 */
export function fakeReviewsApi({
  reviews = [],
  author = { userName: 'alice', displayName: 'Alice N.' },
  fail = {},
  summary,
  viewerStoreName = null,
}: FakeReviewsApiOptions = {}) {
  let stored = [...reviews];
  let nextId = 100;
  const reported = new Set<number>();
  const base = `/item-review/item/${ITEM_ID}`;
  const fetchMock = mockFetch(async (method, path, init) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (method === 'GET' && path === `/item/public/${ITEM_ID}`)
      return jsonResponse(200, makeProduct());
    const profile = method === 'GET' && /^\/user\/([^/?]+)$/.exec(path);
    if (profile)
      return jsonResponse(200, {
        userName: decodeURIComponent(profile[1]!),
        firstName: 'Alice',
        lastName: 'Nguyen',
        email: 'alice@example.com',
        storeName: viewerStoreName,
        role: 'buyer',
        addresses: [],
      });
    if (method === 'GET' && path === base)
      return fail.list ? failWith(fail.list) : jsonResponse(200, stored.map(asAnswered));
    if (method === 'GET' && path === `${base}/summary`)
      return fail.summary
        ? failWith(fail.summary)
        : jsonResponse(200, summary ?? summarize(stored));
    if (method === 'POST' && path === '/item-review') {
      if (fail.create) return failWith(fail.create);
      const review = makeReview({
        ...author,
        reviewId: nextId++,
        rating: body.rating as number,
        fitScore: body.fitScore as number,
        comment: body.comment as string,
        createdAt: new Date().toISOString(),
      });
      stored = [review, ...stored];
      return jsonResponse(201, asAnswered(review));
    }
    const report = method === 'POST' && /^\/item-review\/(\d+)\/report$/.exec(path);
    if (report) {
      const id = Number(report[1]);
      if (reported.has(id))
        return jsonResponse(409, { message: 'You have already reported this review.' });
      reported.add(id);
      return new Response(null, { status: 204 });
    }
    if (method === 'PUT' && path === '/item-review') {
      if (fail.update) return failWith(fail.update);
      const found = stored.find((r) => r.reviewId === body.reviewId);
      if (!found) return jsonResponse(404, { message: 'Review not found.' });
      const updated = { ...found, ...body } as StoredReview;
      stored = stored.map((r) => (r.reviewId === found.reviewId ? updated : r));
      return jsonResponse(200, asAnswered(updated));
    }
    const deleted = method === 'DELETE' && /^\/item-review\/(\d+)$/.exec(path);
    if (deleted) {
      if (fail.delete) return failWith(fail.delete);
      stored = stored.filter((r) => r.reviewId !== Number(deleted[1]));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return {
    fetchMock,
    /** How many times a GET of this path (without /api) was sent. */
    gets: (path: string) =>
      fetchMock.mock.calls.filter(
        ([input, init]) =>
          (init?.method ?? 'GET') === 'GET' &&
          new URL(String(input), 'http://x').pathname === `/api${path}`,
      ).length,
    requests: (method: string) =>
      fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method),
    listPath: base,
    summaryPath: `${base}/summary`,
  };
}
