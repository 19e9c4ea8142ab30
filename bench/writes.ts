import {
  LOCAL_TEST_CARDS,
  type CheckoutSession,
  type ItemDetail,
  type ItemUpdateInput,
} from '@marketplace/shared';

/**
 * Issue 20's writes beside the catalog reads, through the real API: brands edit products (a
 * product page read, then the seller's PUT /item as the product form sends it) and shoppers
 * add to the bag, check out, choose shipping, pay with the built-in provider and place the
 * order. Each kind starts at a fixed rate; a start finds its seller or shopper still busy with
 * the last one is skipped and counted, so a server that cannot keep up shows as a rate below
 * the one asked for, not as a queue that grows.
 */

export interface WriteFlowStats {
  /** Flows started inside the measured window and finished, per second of the window. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  /** Flows with a network error or an answer other than the one the step expects. */
  errors: number;
  /** Starts dropped because every seller or shopper of that kind was still busy. */
  skipped: number;
}

export interface WritesResult {
  edits: WriteFlowStats;
  orders: WriteFlowStats;
  /** The first few failures, as "step: status body", for the log. */
  failures: string[];
}

export interface WriteLoad {
  /** Opens a measured window: flows started from now until the next pause are measured. */
  measure(): void;
  /** Closes the window, stops starting flows and waits for those under way. */
  pause(): Promise<void>;
  /** Starts flows again (measured once `measure` opens the next window). */
  resume(): void;
  /** Pauses, and returns what the windows measured, as one. */
  stop(): Promise<WritesResult>;
}

export interface WriteLoadOptions {
  url: string;
  editsPerSecond: number;
  ordersPerSecond: number;
  /** Sellers' tokens, each with products of their store to edit. */
  sellers: { token: string; itemIds: number[] }[];
  /** Shoppers' tokens, one order at a time each. */
  shoppers: string[];
  /** Listed CAD products with stock, for the orders' bags. */
  bagLines: { itemId: number; itemOptionId: number }[];
}

const SHIPPING_ADDRESS = {
  fullName: 'Bench Shopper',
  streetAddress: '1055 West Georgia Street',
  apartment: null,
  city: 'Vancouver',
  province: 'BC',
  country: 'CA',
  postalCode: 'V6E 3P3',
  defaultAddress: false,
};

class FlowFailed extends Error {}

/** A product as the product form saves it unchanged (`PUT /api/item`), from its page. */
export function updateOf(detail: ItemDetail): ItemUpdateInput {
  return {
    id: detail.id,
    name: detail.name,
    price: detail.price,
    sale: detail.sale,
    currency: detail.currency,
    category: detail.category,
    tags: detail.tags,
    description: detail.description,
    materials: detail.materials,
    care: detail.care,
    isAvailable: detail.isAvailable,
    dimensions: detail.dimensions,
    itemOptions: detail.itemOptions,
    images: detail.images,
  };
}

/** The flows started inside the measured windows, however late they finish. */
class Flows {
  private latencies: number[] = [];
  private errors = 0;
  private skipped = 0;
  private windows: { since: number; until: number }[] = [];

  measure() {
    this.windows.push({ since: performance.now(), until: Infinity });
  }

  finish() {
    const open = this.windows.at(-1);
    if (open && open.until === Infinity) open.until = performance.now();
  }

  /** The windows' time together. */
  get windowMs() {
    return this.windows.reduce((sum, w) => sum + (w.until === Infinity ? 0 : w.until - w.since), 0);
  }

  private inWindow(startedAt: number) {
    return this.windows.some((w) => startedAt >= w.since && startedAt < w.until);
  }

  record(startedAt: number, ok: boolean) {
    if (!this.inWindow(startedAt)) return;
    if (ok) this.latencies.push(performance.now() - startedAt);
    else this.errors += 1;
  }

  skip() {
    if (this.inWindow(performance.now())) this.skipped += 1;
  }

  stats(): WriteFlowStats {
    const windowMs = this.windowMs;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length === 0
        ? 0
        : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!);
    return {
      perSecond: windowMs > 0 ? Math.round((sorted.length / windowMs) * 10_000) / 10 : 0,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
      completed: sorted.length,
      errors: this.errors,
      skipped: this.skipped,
    };
  }
}

export function startWrites(options: WriteLoadOptions): WriteLoad {
  const failures: string[] = [];
  const running = new Set<Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  async function call<T>(
    step: string,
    expected: number,
    method: string,
    path: string,
    token: string,
    body?: unknown,
  ): Promise<T> {
    const isForm = body instanceof FormData;
    const response = await fetch(`${options.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (response.status !== expected) {
      if (failures.length < 5) failures.push(`${step}: ${response.status} ${text.slice(0, 200)}`);
      throw new FlowFailed(step);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A product of the seller's store with its sale switched on or off, as the form saves it. */
  async function edit(seller: { token: string; itemIds: number[] }, turn: number) {
    const id = seller.itemIds[turn % seller.itemIds.length]!;
    const detail = await call<ItemDetail>(
      'edit: product page',
      200,
      'GET',
      `/api/item/public/${id}`,
      seller.token,
    );
    const itemDto: ItemUpdateInput = { ...updateOf(detail), sale: detail.sale > 0 ? 0 : 20 };
    const form = new FormData();
    form.append('itemDto', JSON.stringify(itemDto));
    await call('edit: save', 200, 'PUT', '/api/item', seller.token, form);
  }

  async function order(token: string, turn: number) {
    const line = options.bagLines[turn % options.bagLines.length]!;
    await call('order: add to bag', 200, 'POST', '/api/orders/cart/add', token, {
      ...line,
      quantity: 1,
    });
    const checkout = await call<CheckoutSession>(
      'order: checkout',
      201,
      'POST',
      '/api/orders/checkout',
      token,
      {},
    );
    await call('order: shipping', 200, 'PUT', `/api/orders/${checkout.orderId}/shipping`, token, {
      address: SHIPPING_ADDRESS,
      method: 'STANDARD',
    });
    await call('order: pay', 200, 'POST', '/api/payments/local/confirm', token, {
      clientSecret: checkout.clientSecret,
      cardNumber: LOCAL_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    await call('order: place', 200, 'POST', '/api/orders/place', token, {
      orderId: checkout.orderId,
    });
  }

  /** Returns what starts `flow` every 1/rate seconds on the next free actor, round the list. */
  function paced<A>(
    rate: number,
    actors: A[],
    flows: Flows,
    flow: (actor: A, turn: number) => Promise<void>,
  ): () => void {
    const busy = new Set<number>();
    let turn = 0;
    return () => {
      if (rate <= 0 || actors.length === 0) return;
      timers.push(
        setInterval(() => {
          const free = actors.findIndex((_, i) => !busy.has((turn + i) % actors.length));
          if (free < 0) return flows.skip();
          const index = (turn + free) % actors.length;
          const thisTurn = turn++;
          busy.add(index);
          const started = performance.now();
          const run = flow(actors[index]!, thisTurn).then(
            () => flows.record(started, true),
            (error: unknown) => {
              if (!(error instanceof FlowFailed) && failures.length < 5)
                failures.push(`${String(error)}`);
              flows.record(started, false);
            },
          );
          const tracked = run.finally(() => {
            busy.delete(index);
            running.delete(tracked);
          });
          running.add(tracked);
        }, 1000 / rate),
      );
    };
  }

  const edits = new Flows();
  const orders = new Flows();
  const starters = [
    paced(
      options.editsPerSecond,
      options.sellers.filter((s) => s.itemIds.length > 0),
      edits,
      (seller, turn) => edit(seller, Math.floor(turn / options.sellers.length)),
    ),
    paced(options.ordersPerSecond, options.shoppers, orders, order),
  ];
  const resume = () => starters.forEach((start) => start());
  const pause = async () => {
    edits.finish();
    orders.finish();
    for (const timer of timers.splice(0)) clearInterval(timer);
    await Promise.all(running);
  };
  resume();

  return {
    measure() {
      edits.measure();
      orders.measure();
    },
    pause,
    resume,
    async stop() {
      await pause();
      return { edits: edits.stats(), orders: orders.stats(), failures };
    },
  };
}
