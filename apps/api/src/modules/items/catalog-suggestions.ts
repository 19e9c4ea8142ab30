import {
  CATEGORIES,
  CATEGORY_TITLES,
  SUGGEST_LIMIT,
  localizedText,
  type Locale,
  type SuggestQuery,
  type Suggestion,
} from '@marketplace/shared';
import type { StoresService } from '../stores/stores.service';
import { inLocale, type CatalogCache, type Dependency } from './catalog-cache';
import type { CatalogSearch } from './catalog-index/catalog-search';
import { words } from './catalog-match';

/** What the search box suggests as the shopper types: categories, brands and products. */
export class CatalogSuggestions {
  constructor(
    private readonly deps: { stores: StoresService; cache: CatalogCache; catalog: CatalogSearch },
  ) {}

  /**
   * The search box's suggestions (issue 13): categories from the constant list, brands and
   * products whose names start with the text (for a French reader, French names first), then
   * products with a name word starting with each typed word. Brands are an index range of the
   * stores table stopped at SUGGEST_LIMIT, products come from the catalog index's names
   * (decision 034); cached like the other catalog reads, keyed by the lower-case text
   * (and the language: a French reader's product labels are the brands' French names where
   * written, decision 030).
   */
  of(query: SuggestQuery, locale: Locale = 'en'): Promise<Suggestion[]> {
    const text = query.q.toLowerCase().replace(/\s+/g, ' ');
    const typed = words(text);
    const french = locale !== 'en';
    // Issue 39.6: with a city, its products and brands only, as its search would find them.
    const { city } = query;
    const suggestDependency: Dependency = {
      affectedBy: (item) =>
        (city === undefined || item.city === city) &&
        (item.name.startsWith(text) ||
          typed.every((word) => item.name.includes(word)) ||
          (french && (item.frenchText?.includes(text) ?? false))),
      // A suggestion shows a product's name (or French name) and is found by it: a sale or a
      // new description leaves it as it is.
      footprint: (item) => JSON.stringify([item.listed, item.name, item.frenchText, item.city]),
    };
    return this.deps.cache.get(
      inLocale(`suggest:${city ?? ''}:${text}`, locale),
      async () => {
        const categories: Suggestion[] = CATEGORIES.filter(
          (c) => c.startsWith(text) || CATEGORY_TITLES[c].toLowerCase().startsWith(text),
        ).map((c) => ({ kind: 'category', value: c, label: CATEGORY_TITLES[c] }));
        const [brands, byName, byFrenchName] = await Promise.all([
          this.deps.stores.namesStartingWith(text, SUGGEST_LIMIT, city),
          this.deps.catalog.namesStartingWith(text, SUGGEST_LIMIT, false, city),
          french ? this.deps.catalog.namesStartingWith(text, SUGGEST_LIMIT, true, city) : [],
        ]);
        // A French reader types French names ("chandail"): those first, then the English ones.
        const frenchIds = new Set(byFrenchName.map((p) => p.id));
        let products = [...byFrenchName, ...byName.filter((p) => !frenchIds.has(p.id))].slice(
          0,
          SUGGEST_LIMIT,
        );
        if (products.length < SUGGEST_LIMIT && typed.length > 0) {
          const more = await this.deps.catalog.namesWithWordsStartingWith(
            typed,
            SUGGEST_LIMIT - products.length,
            products.map((p) => p.id),
            city,
          );
          products = [...products, ...more];
        }
        // Brands get at least two places when there are products for the rest, products the rest.
        const room = SUGGEST_LIMIT - categories.length;
        const brandCount = Math.min(brands.length, Math.max(2, room - products.length), room);
        products = products.slice(0, room - brandCount);
        return [
          ...categories,
          ...brands
            .slice(0, brandCount)
            .map((name): Suggestion => ({ kind: 'brand', value: name, label: name })),
          ...products.map((p): Suggestion => ({
            kind: 'product',
            value: p.id,
            // A French reader reads the brand's French name where it wrote one (decision 030).
            label: localizedText(p.name, p.nameFr, locale),
          })),
        ];
      },
      suggestDependency,
    );
  }
}
