import { setTimeout as sleep } from 'node:timers/promises';
import type { ItemDetail, ItemSummary, ItemUpdateInput } from '@marketplace/shared';
import { updateOf } from './writes';

/**
 * Issue 41: how long a product written through one API process takes to show in another's
 * searches and lists. Each round renames a product with a word no other product has and prices
 * it above every other (the bench's prices stop at 400), through the writer, then asks the
 * reader every 10 ms until its keyword search finds the product and its brand's list by price,
 * highest first, starts with it; then it puts the product back as it was.
 */

export interface VisibilityResult {
  rounds: number;
  p50Ms: number;
  maxMs: number;
  /** Rounds the reader had not shown the write within the probe's 10 s limit. */
  missed: number;
}

export interface VisibilityOptions {
  writerUrl: string;
  readerUrl: string;
  /** A seller's token and listed products of their store (in a city a shopper can pick). */
  seller: { token: string; storeName: string; city: string; itemIds: number[] };
  rounds: number;
}

const GIVE_UP_MS = 10_000;
const POLL_MS = 10;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function answer<T>(response: Response, step: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`visibility probe, ${step}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export async function measureVisibility(options: VisibilityOptions): Promise<VisibilityResult> {
  const { seller, writerUrl, readerUrl } = options;
  const auth = { authorization: `Bearer ${seller.token}` };
  const save = async (item: ItemUpdateInput) => {
    const form = new FormData();
    form.append('itemDto', JSON.stringify(item));
    await answer(
      await fetch(`${writerUrl}/api/item`, { method: 'PUT', headers: auth, body: form }),
      'save',
    );
  };
  const found = async (id: number, word: string) => {
    const [searched, listed] = await Promise.all([
      fetch(`${readerUrl}/api/item/public/search?${query({ keyword: word, city: seller.city })}`),
      fetch(
        `${readerUrl}/api/item/public?${query({ store: seller.storeName, sort: 'price-desc', pageSize: '1' })}`,
      ),
    ]);
    const search = await answer<ItemSummary[]>(searched, 'search');
    const list = await answer<ItemSummary[]>(listed, 'list');
    return search.some((card) => card.id === id) && list[0]?.id === id;
  };

  const times: number[] = [];
  let missed = 0;
  for (let round = 0; round < options.rounds; round++) {
    const id = seller.itemIds[round % seller.itemIds.length]!;
    const detail = await answer<ItemDetail>(
      await fetch(`${writerUrl}/api/item/public/${id}`, { headers: auth }),
      'product page',
    );
    const asItWas = updateOf(detail);
    const word = `probe${Date.now().toString(36)}${round}`;
    await save({ ...asItWas, name: `${detail.name} ${word}`, price: 99_000 + round, sale: 0 });
    const written = performance.now();
    let shown: number | undefined;
    while (performance.now() - written < GIVE_UP_MS) {
      if (await found(id, word)) {
        shown = performance.now() - written;
        break;
      }
      await sleep(POLL_MS);
    }
    if (shown === undefined) missed += 1;
    else times.push(shown);
    await save(asItWas);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    rounds: options.rounds,
    p50Ms: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    missed,
  };
}
