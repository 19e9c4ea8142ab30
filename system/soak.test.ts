import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_TEST_CARDS,
  type Cart,
  type CheckoutSession,
  type ItemDetail,
  type ItemSummary,
  type LoginResponse,
  type ShippingAddress,
  type StoreOrderView,
  type StorePublic,
} from '@marketplace/shared';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/api/src/db/seed/demo-users';
import {
  formatTable,
  mapLimited,
  quantile,
  request,
  startSystemApi,
  type ApiResponse,
  type SystemApi,
} from './support';

// Issue 8, item 6: a bounded mixed load on the real server and PostgreSQL, then the books are
// checked: no 5xx, every succeeded payment is exactly one placed order, and every unit of
// stock is accounted for.

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number (got '${raw}').`);
  }
  return value;
}

const SECONDS = envNumber('SOAK_SECONDS', 60);
const CONNECTIONS = envNumber('SOAK_CONNECTIONS', 50);
const SHOPPERS = CONNECTIONS * 2;

/** How often a worker picks each scenario. */
const SCENARIO_WEIGHTS = { browse: 30, search: 20, add: 20, buy: 20, seller: 10 } as const;
type ScenarioName = keyof typeof SCENARIO_WEIGHTS;
/** Of the payments, this share uses the card that is declined (402). */
const DECLINED_SHARE = 0.1;
/** Of the succeeded payments, this share never calls place: the browser closed after paying. */
const DROPPED_AFTER_PAYING_SHARE = 0.05;
const KEYWORDS = ['denim', 'jeans', 'sweater', 'linen', 'jacket', 'kids', 'shirt', 'wool', 'tee'];
const CITIES = ['VANCOUVER', 'MONTREAL', 'TORONTO', 'LOS ANGELES', 'NEW YORK'];

const ADDRESSES = [
  {
    streetAddress: '1055 West Georgia Street',
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6E 3P3',
  },
  {
    streetAddress: '350 Fifth Avenue',
    city: 'New York',
    province: 'NY',
    country: 'US',
    postalCode: '10118',
  },
] as const;

interface Shopper {
  userName: string;
  token: string;
  address: ShippingAddress;
  /** The bag as its last answer showed it. */
  bag: { lines: number; currency: string | null };
}

interface Seller {
  userName: string;
  token: string;
}

interface StepStats {
  latencies: number[];
  statuses: Map<number, number>;
}

/** Every answer the load got, by step, plus what went wrong on the server's side. */
class Recorder {
  readonly steps = new Map<string, StepStats>();
  readonly serverErrors: string[] = [];
  readonly networkErrors: string[] = [];

  record(step: string, method: string, url: string, response: ApiResponse<unknown>) {
    let stats = this.steps.get(step);
    if (!stats) {
      stats = { latencies: [], statuses: new Map() };
      this.steps.set(step, stats);
    }
    stats.latencies.push(response.ms);
    stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500) {
      const message = (response.body as { message?: string } | null)?.message ?? '';
      this.serverErrors.push(`${response.status} ${method} ${routeOf(url)} (${step}) ${message}`);
    }
  }

  networkError(step: string, method: string, url: string, error: unknown) {
    this.networkErrors.push(`${method} ${routeOf(url)} (${step}): ${String(error)}`);
  }

  statusTotals(): Map<number, number> {
    const totals = new Map<number, number>();
    for (const stats of this.steps.values()) {
      for (const [status, count] of stats.statuses)
        totals.set(status, (totals.get(status) ?? 0) + count);
    }
    return new Map([...totals].sort(([a], [b]) => a - b));
  }

  count(step: string, status: number): number {
    return this.steps.get(step)?.statuses.get(status) ?? 0;
  }

  get requests(): number {
    return [...this.steps.values()].reduce((sum, s) => sum + s.latencies.length, 0);
  }
}

/** The route a URL hit, ids and query left out, so errors group by route. */
const routeOf = (url: string) =>
  url
    .split('?')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:id');

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const chance = (share: number) => Math.random() < share;

function pickScenario(): ScenarioName {
  const total = Object.values(SCENARIO_WEIGHTS).reduce((a, b) => a + b, 0);
  let roll = Math.random() * total;
  for (const [name, weight] of Object.entries(SCENARIO_WEIGHTS) as [ScenarioName, number][]) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return 'browse';
}

interface Catalog {
  products: ItemSummary[];
  stores: StorePublic[];
}

/** What the load did to orders, so that the checks afterwards can name each order. */
interface OrderBook {
  /** Orders whose payment the API confirmed, with the shopper who paid. */
  paid: Map<string, Shopper>;
  placed: Set<string>;
  accepted: number;
  shipped: number;
}

/** The load: `connections` workers, each looping over weighted scenarios until the deadline. */
async function runLoad(
  baseUrl: string,
  catalog: Catalog,
  shoppers: Shopper[],
  sellers: Seller[],
  recorder: Recorder,
  book: OrderBook,
  seconds: number,
  connections: number,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const live = () => performance.now() < deadline;

  /** One request of the load; null when the deadline passed or the request never got an answer. */
  async function call<T>(
    step: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<ApiResponse<T> | null> {
    if (!live()) return null;
    try {
      const response = await request<T>(baseUrl, method, url, options);
      recorder.record(step, method, url, response);
      return response;
    } catch (error) {
      recorder.networkError(step, method, url, error);
      return null;
    }
  }

  const productDetail = (id: number) =>
    call<ItemDetail>('product detail', 'GET', `/api/item/public/${id}`);

  async function browse() {
    const roll = Math.random();
    if (roll < 0.5) {
      const city = chance(0.3) ? `&city=${encodeURIComponent(pick(CITIES))}` : '';
      const sort = chance(0.3) ? `&sort=${pick(['price-asc', 'price-desc', 'newest'])}` : '';
      const page = await call<ItemSummary[]>(
        'browse: list',
        'GET',
        `/api/item/public?page=${1 + Math.floor(Math.random() * 3)}&pageSize=12${city}${sort}`,
      );
      const item = page?.status === 200 && page.body.length > 0 ? pick(page.body) : null;
      if (item) await productDetail(item.id);
    } else if (roll < 0.75) {
      const city = chance(0.5) ? `?city=${encodeURIComponent(pick(CITIES))}` : '';
      await call('browse: stores', 'GET', `/api/store/public${city}`);
      const store = pick(catalog.stores);
      await call('browse: store page', 'GET', `/api/store/public/${store.id}`);
      await call(
        'browse: store page',
        'GET',
        `/api/store/public/items/${store.id}?sort=${pick(['featured', 'price-asc', 'name-asc'])}`,
      );
    } else {
      await productDetail(pick(catalog.products).id);
    }
  }

  async function search() {
    const keyword = encodeURIComponent(pick(KEYWORDS));
    const filters =
      (chance(0.3) ? `&color=${pick(['red', 'blue'])}` : '') +
      (chance(0.3) ? `&size=${pick(['S', 'M', 'L'])}` : '') +
      (chance(0.3) ? `&sort=${pick(['price-asc', 'price-desc', 'newest'])}` : '');
    await call('search', 'GET', `/api/item/public/search?keyword=${keyword}${filters}`);
    await call('search: facets', 'GET', `/api/item/public/facets?keyword=${keyword}${filters}`);
  }

  function bagFrom(shopper: Shopper, cart: Cart) {
    shopper.bag = { lines: cart.items.length, currency: cart.currency };
  }

  async function addToBag(shopper: Shopper) {
    // A bag holds one currency, so a shopper keeps to products priced in the bag's.
    const candidates = shopper.bag.currency
      ? catalog.products.filter((p) => p.currency === shopper.bag.currency)
      : catalog.products;
    const detail = await productDetail(pick(candidates).id);
    if (detail?.status !== 200) return;
    const inStock = detail.body.itemOptions.filter((o) => o.isAvailable && o.count > 0);
    if (inStock.length === 0) return;
    const option = pick(inStock);
    const added = await call<Cart>('add to bag', 'POST', '/api/orders/cart/add', {
      token: shopper.token,
      body: { itemId: detail.body.id, itemOptionId: option.id, quantity: chance(0.8) ? 1 : 2 },
    });
    if (added?.status === 200) bagFrom(shopper, added.body);
  }

  /** After a checkout refused for stock, the shopper takes out what is no longer there. */
  async function dropSoldOut(shopper: Shopper) {
    const bag = await call<Cart>('bag', 'GET', '/api/orders/cart', { token: shopper.token });
    if (bag?.status !== 200) return;
    bagFrom(shopper, bag.body);
    for (const line of bag.body.items.filter((l) => l.available === 0)) {
      const removed = await call<Cart>('remove from bag', 'DELETE', '/api/orders/cart/remove', {
        token: shopper.token,
        body: { itemId: line.itemId, itemOptionId: line.itemOptionId, quantity: line.quantity },
      });
      if (removed?.status === 200) bagFrom(shopper, removed.body);
    }
  }

  async function buy(shopper: Shopper) {
    if (shopper.bag.lines === 0) return addToBag(shopper);
    const checkout = await call<CheckoutSession>('checkout', 'POST', '/api/orders/checkout', {
      token: shopper.token,
      body: {},
    });
    if (!checkout) return;
    if (checkout.status === 409) return dropSoldOut(shopper);
    if (checkout.status !== 201) return;
    const { orderId, clientSecret } = checkout.body;

    // The same bag checked out again is the same order: one already paid only needs placing.
    if (!book.paid.has(orderId)) {
      const shipping = await call<CheckoutSession>(
        'shipping',
        'PUT',
        `/api/orders/${orderId}/shipping`,
        {
          token: shopper.token,
          body: { address: shopper.address, method: chance(0.8) ? 'STANDARD' : 'EXPRESS' },
        },
      );
      if (shipping?.status !== 200) return;
      const paid = await call('pay', 'POST', '/api/payments/local/confirm', {
        token: shopper.token,
        body: {
          clientSecret,
          cardNumber: chance(DECLINED_SHARE)
            ? LOCAL_TEST_CARDS.declined
            : LOCAL_TEST_CARDS.succeeds,
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
        },
      });
      if (paid?.status !== 200) return;
      book.paid.set(orderId, shopper);
      if (chance(DROPPED_AFTER_PAYING_SHARE)) return;
    }
    const placed = await call('place', 'POST', '/api/orders/place', {
      token: shopper.token,
      body: { orderId },
    });
    if (placed?.status === 200) {
      book.placed.add(orderId);
      shopper.bag = { lines: 0, currency: null };
    }
  }

  async function sellerActions(seller: Seller) {
    const list = await call<StoreOrderView[]>(
      'seller: orders',
      'GET',
      `/api/store/orders?page=1&pageSize=20`,
      { token: seller.token },
    );
    if (list?.status !== 200) return;
    let accepts = 0;
    let ships = 0;
    for (const order of list.body.filter((o) => o.status === 'PLACED')) {
      let undecided = 0;
      for (const item of order.items.filter((i) => i.status === 'PLACED')) {
        if (accepts >= 5) {
          undecided += 1;
          continue;
        }
        accepts += 1;
        const accepted = await call('seller: accept', 'POST', '/api/store/orders/accept', {
          token: seller.token,
          body: { storeOrderId: order.id, orderItemId: item.id, newStatus: 'ACCEPTED' },
        });
        if (accepted?.status === 200) book.accepted += 1;
        else undecided += 1;
      }
      if (undecided > 0 || ships >= 3) continue;
      ships += 1;
      const shipped = await call('seller: ship', 'POST', `/api/store/orders/${order.id}/ship`, {
        token: seller.token,
        body: {},
      });
      if (shipped?.status === 200) book.shipped += 1;
    }
  }

  async function worker(index: number) {
    // Each worker owns its shoppers, as one browser tab each: no two workers share a bag.
    const own = shoppers.filter((_, i) => i % connections === index);
    while (live()) {
      const shopper = pick(own);
      const scenario = pickScenario();
      if (scenario === 'browse') await browse();
      else if (scenario === 'search') await search();
      else if (scenario === 'add') await addToBag(shopper);
      else if (scenario === 'buy') await buy(shopper);
      else await sellerActions(pick(sellers));
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
  return (performance.now() - started) / 1000;
}

/** The soak's own shoppers' password: no one may choose the demo accounts' one (issue 38). */
const SHOPPER_PASSWORD = 'soak shopper passphrase';

async function login(baseUrl: string, userName: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request<LoginResponse>(baseUrl, 'POST', '/api/auth/login', {
    body: { userName, password },
  });
  if (response.status !== 200) {
    throw new Error(
      `Login of ${userName} answered ${response.status}: ${JSON.stringify(response.body)}`,
    );
  }
  return response.body.accessToken;
}

async function registerShopper(baseUrl: string, index: number): Promise<Shopper> {
  const userName = `soak-shopper-${index}`;
  const address = ADDRESSES[index % ADDRESSES.length]!;
  const registered = await request(baseUrl, 'POST', '/api/auth/registerUser', {
    body: {
      password: SHOPPER_PASSWORD,
      userDto: {
        firstName: 'Soak',
        lastName: 'Shopper',
        userName,
        email: `${userName}@example.com`,
        addresses: [{ ...address, defaultAddress: true }],
      },
    },
  });
  if (registered.status !== 201) {
    throw new Error(
      `Registration of ${userName} answered ${registered.status}: ${JSON.stringify(registered.body)}`,
    );
  }
  return {
    userName,
    token: await login(baseUrl, userName, SHOPPER_PASSWORD),
    address: { ...address, apartment: null, defaultAddress: false, fullName: 'Soak Shopper' },
    bag: { lines: 0, currency: null },
  };
}

interface OptionStock {
  id: number;
  itemId: number;
  seed: number;
  count: number;
  sold: number;
  held: number;
}

describe(`soak: ${SECONDS} s of mixed load at ${CONNECTIONS} connections on PostgreSQL`, () => {
  let api: SystemApi;

  beforeAll(async () => {
    api = await startSystemApi();
  });

  afterAll(async () => {
    await api?.stop();
  });

  it('answers without a 5xx, turns every succeeded payment into one order and accounts for every unit', async () => {
    const { url, sql } = api;
    // The stock each option had before any sale: the demo seed itself sells (its reviewers buy
    // what they review), and those sales count as sold below.
    const seedStock = new Map(
      (
        await sql.query<{ id: number; count: number }>(
          `select io.id, io.count + coalesce(sum(oi.quantity) filter (where o.status = 'PLACED'), 0)::int as count
           from item_options io
           left join order_items oi on oi.item_option_id = io.id
           left join orders o on o.id = oi.order_id
           group by io.id, io.count`,
        )
      ).rows.map((row) => [row.id, row.count]),
    );
    expect(seedStock.size).toBeGreaterThan(0);

    const products = await request<ItemSummary[]>(url, 'GET', '/api/item/public?pageSize=100');
    const stores = await request<StorePublic[]>(url, 'GET', '/api/store/public');
    expect(products.status).toBe(200);
    expect(stores.status).toBe(200);
    const catalog: Catalog = { products: products.body, stores: stores.body };
    expect(catalog.products.length).toBeGreaterThan(10);

    const setupStarted = performance.now();
    const sellers: Seller[] = await mapLimited(
      DEMO_USERS.filter((user) => user.store),
      4,
      async ({ userName }) => ({ userName, token: await login(url, userName) }),
    );
    const shoppers = await mapLimited(
      Array.from({ length: SHOPPERS }, (_, i) => i),
      4,
      (i) => registerShopper(url, i),
    );
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const recorder = new Recorder();
    const book: OrderBook = { paid: new Map(), placed: new Set(), accepted: 0, shipped: 0 };
    const loadSeconds = await runLoad(
      url,
      catalog,
      shoppers,
      sellers,
      recorder,
      book,
      SECONDS,
      CONNECTIONS,
    );

    // Orders paid when the load stopped (or whose buyer closed the page after paying) are
    // placed now, as the buyer's next visit or the reconciliation would place them.
    const unplacedPaid = (
      await sql.query<{ order_id: string }>(
        `select o.id as order_id from local_payments p join orders o on o.id = p.order_id
         where p.status = 'succeeded' and o.status = 'PENDING_PAYMENT'`,
      )
    ).rows.map((row) => row.order_id);
    const lateStatuses: number[] = [];
    for (const orderId of unplacedPaid) {
      const shopper = book.paid.get(orderId);
      expect(shopper, `a succeeded payment the load did not make (order ${orderId})`).toBeDefined();
      const placed = await request(url, 'POST', '/api/orders/place', {
        token: shopper!.token,
        body: { orderId },
      });
      lateStatuses.push(placed.status);
    }

    const payments = (
      await sql.query<{
        id: string;
        order_id: string;
        order_status: string | null;
        orders: number;
        placed: number;
      }>(
        `select p.id, p.order_id,
                (select status from orders where id = p.order_id) as order_status,
                count(o.id)::int as orders,
                count(o.id) filter (where o.status = 'PLACED' and o.id = p.order_id)::int as placed
         from local_payments p left join orders o on o.payment_id = p.id
         where p.status = 'succeeded'
         group by p.id, p.order_id`,
      )
    ).rows;
    const paymentsWithoutOneOrder = payments.filter((p) => p.orders !== 1 || p.placed !== 1);
    const placedWithoutPayment = (
      await sql.query<{ id: string }>(
        `select o.id from orders o left join local_payments p on p.id = o.payment_id
         where o.status = 'PLACED' and p.status is distinct from 'succeeded'`,
      )
    ).rows;
    const unsplitItems = (
      await sql.query<{ n: number }>(
        `select count(*)::int as n from order_items oi join orders o on o.id = oi.order_id
         where o.status = 'PLACED' and oi.store_order_id is null`,
      )
    ).rows[0]!.n;

    const stock: OptionStock[] = (
      await sql.query<{ id: number; item_id: number; count: number; sold: number; held: number }>(
        `select io.id, io.item_id, io.count,
                coalesce(sum(oi.quantity) filter (where o.status = 'PLACED'), 0)::int as sold,
                coalesce(sum(oi.quantity) filter (where o.status = 'PENDING_PAYMENT'), 0)::int as held
         from item_options io
         left join order_items oi on oi.item_option_id = io.id
         left join orders o on o.id = oi.order_id
         group by io.id, io.item_id, io.count`,
      )
    ).rows.map((row) => ({
      id: row.id,
      itemId: row.item_id,
      seed: seedStock.get(row.id)!,
      count: row.count,
      sold: row.sold,
      held: row.held,
    }));
    const stockMismatches = stock.filter((o) => o.count !== o.seed - o.sold - o.held);
    const negative = stock.filter((o) => o.count < 0);

    // What shoppers are shown must be what the database holds (the catalog cache is cleared on
    // every stock change).
    const shownMismatches: string[] = [];
    for (const itemId of new Set(stock.map((o) => o.itemId))) {
      const page = await request<ItemDetail>(url, 'GET', `/api/item/public/${itemId}`);
      if (page.status !== 200) continue; // a product that is not on sale has no public page
      for (const option of page.body.itemOptions) {
        const row = stock.find((o) => o.id === option.id);
        if (row && row.count !== option.count)
          shownMismatches.push(`option ${option.id}: shown ${option.count}, stored ${row.count}`);
      }
    }

    const [ordersRow] = (
      await sql.query<{ placed: number; units: number; pending: number }>(
        `select count(distinct o.id) filter (where o.status = 'PLACED')::int as placed,
                coalesce(sum(oi.quantity) filter (where o.status = 'PLACED'), 0)::int as units,
                count(distinct o.id) filter (where o.status = 'PENDING_PAYMENT')::int as pending
         from orders o join order_items oi on oi.order_id = o.id`,
      )
    ).rows;
    const statusTotals = recorder.statusTotals();
    const figures = {
      placed: ordersRow!.placed,
      units: ordersRow!.units,
      held: stock.reduce((sum, o) => sum + o.held, 0),
      pendingOrders: ordersRow!.pending,
      seedUnits: stock.reduce((sum, o) => sum + o.seed, 0),
    };

    const stepRows = [...recorder.steps]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([step, stats]) => {
        const sorted = [...stats.latencies].sort((a, b) => a - b);
        const statuses = [...stats.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}:${count}`)
          .join(' ');
        return [
          step,
          sorted.length,
          Math.round(sorted.length / loadSeconds),
          Number(quantile(sorted, 0.5).toFixed(1)),
          Number(quantile(sorted, 0.99).toFixed(1)),
          statuses,
        ];
      });
    const fiveXx = [...statusTotals].filter(([s]) => s >= 500).reduce((a, [, n]) => a + n, 0);
    const checks: [string, string | number, boolean][] = [
      ['5xx answers', fiveXx, fiveXx === 0],
      [
        'requests with no answer',
        recorder.networkErrors.length,
        recorder.networkErrors.length === 0,
      ],
      ['succeeded payments', payments.length, payments.length > 0],
      [
        '  without exactly one placed order',
        paymentsWithoutOneOrder.length,
        paymentsWithoutOneOrder.length === 0,
      ],
      [
        '  placed after the load',
        `${unplacedPaid.length} (${lateStatuses.join(' ') || 'none'})`,
        lateStatuses.every((s) => s === 200),
      ],
      [
        'placed orders without a succeeded payment',
        placedWithoutPayment.length,
        placedWithoutPayment.length === 0,
      ],
      ['placed items in no store order', unsplitItems, unsplitItems === 0],
      [
        'options whose stock != seed - sold - held',
        stockMismatches.length,
        stockMismatches.length === 0,
      ],
      ['options below zero', negative.length, negative.length === 0],
      ['product pages showing another count', shownMismatches.length, shownMismatches.length === 0],
    ];

    const report = [
      '',
      `SOAK: ${loadSeconds.toFixed(1)} s at ${CONNECTIONS} connections on PostgreSQL ` +
        `(${SHOPPERS} shoppers and ${sellers.length} sellers logged in in ${setupSeconds.toFixed(1)} s)`,
      `requests: ${recorder.requests} (${Math.round(recorder.requests / loadSeconds)} req/s); ` +
        `statuses: ${[...statusTotals].map(([s, n]) => `${s}:${n}`).join(' ')}; ` +
        `429 (throttled): ${statusTotals.get(429) ?? 0}`,
      '',
      formatTable([['step', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'statuses'], ...stepRows]),
      '',
      `payments: ${payments.length} succeeded, ${recorder.count('pay', 402)} declined; ` +
        `orders placed: ${figures.placed} (${book.placed.size} answered by place in the load, ${unplacedPaid.length} placed after it); ` +
        `units sold: ${figures.units} of ${figures.seedUnits}; ` +
        `held by ${figures.pendingOrders} unpaid checkouts: ${figures.held}; ` +
        `seller accepts: ${book.accepted}, ships: ${book.shipped}`,
      '',
      formatTable([
        ['check', 'value', 'ok'],
        ...checks.map(([name, value, ok]) => [name, String(value), ok ? 'yes' : 'NO']),
      ]),
      ...recorder.serverErrors.slice(0, 20).map((line) => `  5xx: ${line}`),
      ...recorder.networkErrors.slice(0, 20).map((line) => `  no answer: ${line}`),
      ...paymentsWithoutOneOrder
        .slice(0, 20)
        .map(
          (p) =>
            `  payment ${p.id} (order ${p.order_id}, ${p.order_status}): ${p.orders} orders, ${p.placed} placed`,
        ),
      ...stockMismatches
        .slice(0, 20)
        .map(
          (o) =>
            `  option ${o.id}: ${o.count} in stock, seed ${o.seed} - sold ${o.sold} - held ${o.held}`,
        ),
      ...shownMismatches.slice(0, 20).map((line) => `  ${line}`),
      '',
    ].join('\n');
    console.log(report);

    expect(recorder.serverErrors).toEqual([]);
    expect(recorder.networkErrors).toEqual([]);
    expect(paymentsWithoutOneOrder).toEqual([]);
    expect(lateStatuses.every((status) => status === 200)).toBe(true);
    expect(placedWithoutPayment).toEqual([]);
    expect(unsplitItems).toBe(0);
    expect(stockMismatches).toEqual([]);
    expect(negative).toEqual([]);
    expect(shownMismatches).toEqual([]);
    // The load did what it is for: orders went all the way through, sellers handled them.
    expect(book.placed.size).toBeGreaterThan(0);
    expect(book.accepted).toBeGreaterThan(0);
    expect(book.shipped).toBeGreaterThan(0);
  });
});
