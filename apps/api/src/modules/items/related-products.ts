import {
  RELATED_PRODUCTS_COUNT,
  type City,
  type ItemSummary,
  type Locale,
  type RelatedQuery,
} from '@marketplace/shared';
import { inLocale, type CatalogCache } from './catalog-cache';
import { toSummary } from './item-views';
import type { ItemsRepository, SummaryRow } from './items.repository';

/** Units sold per product, most first: the orders module's answer (it owns those tables). */
export interface BestsellerSource {
  bestsellers(limit: number): Promise<{ itemId: number; units: number }[]>;
}

/** How many bestsellers "YOU MAY ALSO LIKE..." chooses from, and how long the list is kept. */
const BESTSELLER_POOL = 200;
const BESTSELLER_TTL_MS = 10 * 60 * 1000;

/** "YOU MAY ALSO LIKE...": the products the product page and the bag suggest. */
export class RelatedProducts {
  private bestsellerList: { expires: number; ids: Promise<number[]> } | null = null;

  constructor(
    private readonly deps: {
      repository: ItemsRepository;
      orders: BestsellerSource;
      cache: CatalogCache;
    },
  ) {}

  /**
   * Four real, listed products like the ones asked about (the product page's, or the bag's):
   * the same category from other brands in the shopper's city first (bestsellers among them
   * first), then the bestsellers, then, while the marketplace has few sales, other listed
   * products. Never one of the products asked about, nor one that is unlisted or deleted.
   */
  of(query: RelatedQuery, locale: Locale = 'en'): Promise<ItemSummary[]> {
    const key = inLocale(`related:${query.item.join(',')}|${query.city ?? ''}`, locale);
    return this.deps.cache.get(key, async () => {
      const sources = await this.deps.repository.sourcesOf(query.item);
      const categories = [...new Set(sources.map((s) => s.category))];
      const excludeStoreIds = [...new Set(sources.map((s) => s.storeId))];
      const top = await this.bestsellerIds();
      const rank = new Map(top.map((id, index) => [id, index]));
      const chosen: SummaryRow[] = [];
      const tiers: { categories: string[]; storeIds: string[]; city?: City; ranked?: true }[] = [
        ...(query.city
          ? [
              { categories, storeIds: excludeStoreIds, city: query.city, ranked: true as const },
              { categories, storeIds: excludeStoreIds, city: query.city },
            ]
          : []),
        { categories: [], storeIds: excludeStoreIds, ranked: true },
        { categories, storeIds: excludeStoreIds },
        { categories: [], storeIds: excludeStoreIds },
        { categories: [], storeIds: [] },
      ];
      for (const tier of tiers) {
        const missing = RELATED_PRODUCTS_COUNT - chosen.length;
        if (missing === 0) break;
        if (tier.ranked && top.length === 0) continue;
        const rows = await this.deps.repository.related({
          categories: tier.categories,
          excludeStoreIds: tier.storeIds,
          excludeIds: [...query.item, ...chosen.map((row) => row.id)],
          city: tier.city,
          ...(tier.ranked ? { onlyIds: top, limit: top.length } : { limit: missing }),
        });
        if (tier.ranked) rows.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
        chosen.push(...rows.slice(0, missing));
      }
      return chosen.map((row) => toSummary(row, locale));
    });
  }

  /** The best-selling product ids, kept for minutes: summing every sale is not per page view. */
  private bestsellerIds(): Promise<number[]> {
    const now = Date.now();
    if (!this.bestsellerList || this.bestsellerList.expires <= now) {
      const ids = this.deps.orders
        .bestsellers(BESTSELLER_POOL)
        .then((rows) => rows.map((r) => r.itemId));
      this.bestsellerList = { expires: now + BESTSELLER_TTL_MS, ids };
      // A failed read is not kept: the next request asks again.
      ids.catch(() => {
        if (this.bestsellerList?.ids === ids) this.bestsellerList = null;
      });
    }
    return this.bestsellerList.ids;
  }
}
