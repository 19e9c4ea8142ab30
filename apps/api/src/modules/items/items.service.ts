import type { Tx } from '../../db/client';
import {
  AppError,
  BadRequest,
  CART_MESSAGES,
  Conflict,
  Forbidden,
  NotFound,
  PRODUCT_FORM_MESSAGES,
  itemInputSchema,
  itemUpdateSchema,
  filledMessages,
  isNewListing,
  toCents,
  localizedText,
  type CatalogFacets,
  type CatalogQuery,
  type City,
  type ItemDetail,
  type ItemSummary,
  type Locale,
  type RelatedQuery,
  type StoreItemSort,
  type SuggestQuery,
  type Suggestion,
} from '@marketplace/shared';
import {
  parseOrThrow,
  jsonField,
  type MultipartBody,
  type UploadedFile,
} from '../../lib/input-parsing';
import {
  InvalidImageError,
  OversizedImageError,
  storeImage,
} from '../../providers/images/image-processor';
import type { Announcer, Listener } from '../../lib/events';
import { JsonText } from '../../lib/json-text';
import type { Storage } from '../../providers/storage/storage';
import type {
  ListedCounts,
  OwnedStore,
  StoreEvents,
  StoresService,
} from '../stores/stores.service';
import type { Caller } from '../users/users.service';
import { inLocale, type CatalogCache } from './catalog-cache';
import { CatalogSuggestions } from './catalog-suggestions';
import { RelatedProducts, type BestsellerSource } from './related-products';
import type { CatalogSearch } from './catalog-index/catalog-search';
import { matches } from './catalog-match';
import { patchFacets } from './facet-counts';
import { pageStays } from './list-pages';
import type { CardsPage, CatalogFilters, ItemsRepository, StockMove } from './items.repository';
import { facetsFootprint, factsOf, listFootprint, sameMembers } from './catalog-footprints';
import {
  toDetail,
  toOwnerDetail,
  toPurchasableOption,
  toValues,
  type PurchasableOption,
} from './item-views';
import { assertImageRules, describe, splitFiles } from './product-images';

export { toPurchasableOption, type OptionWithItemRow, type PurchasableOption } from './item-views';

/** A page of product cards as the database wrote them (JSON of ItemSummary[]), and the total. */
export interface CardsAnswer extends Pick<CardsPage, 'bounds'> {
  items: JsonText;
  total: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Without a page size the spec's calls get every result; this ceiling keeps one request from
 * reading an unbounded table. X-Total-Count still tells the whole number.
 */
export const UNPAGED_LIMIT = 500;

/** Cache keys of product pages start with this (they hold stock counts). */
const PRODUCT_PAGE = 'item:';

export type { BestsellerSource } from './related-products';

/**
 * What this module announces. A product listed (a new one, or another put in an old one's
 * place: issue 38.9) is announced inside the transaction that writes it, so the payouts module
 * records its listing fee there and no product exists without its fee (issue 17).
 */
export type ItemEvents = {
  'item.listed': {
    tx: Tx;
    listing: { itemId: number; storeId: string; name: string; currency: string };
  };
};

/** How many listed products each store has, for the stores module, which is built before this one. */
export class ListedProducts implements ListedCounts {
  constructor(private readonly repository: ItemsRepository) {}

  countPublicByStore(storeIds: string[]): Promise<Map<string, number>> {
    return this.repository.countPublicByStore(storeIds);
  }
}

export interface ItemsDeps {
  repository: ItemsRepository;
  stores: StoresService;
  storeEvents: Listener<StoreEvents>;
  orders: BestsellerSource;
  events: Announcer<ItemEvents>;
  storage: Storage;
  cache: CatalogCache;
  catalog: CatalogSearch;
}

export class ItemsService {
  private readonly relatedProducts: RelatedProducts;
  private readonly suggestions: CatalogSuggestions;

  constructor(private readonly deps: ItemsDeps) {
    this.relatedProducts = new RelatedProducts(deps);
    this.suggestions = new CatalogSuggestions(deps);
    deps.storeEvents.on('store.changed', (store) => this.storeChanged(store));
    deps.storeEvents.on('store.listingChanged', ({ storeId, listable }) =>
      this.storeListingChanged(storeId, listable),
    );
  }

  /** "YOU MAY ALSO LIKE...": see RelatedProducts. */
  related(query: RelatedQuery, locale: Locale = 'en'): Promise<ItemSummary[]> {
    return this.relatedProducts.of(query, locale);
  }

  async create(caller: Caller, body: MultipartBody): Promise<ItemDetail> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    const item = parseOrThrow(itemInputSchema, jsonField(body.fields, 'itemDto'));
    const { thumbnail, images } = splitFiles(body.files);
    assertImageRules({
      isNew: true,
      thumbnail: describe(thumbnail),
      newImages: images.map((f) => describe(f)),
      keptImageCount: 0,
    });
    const storedThumbnail = await this.store(thumbnail!, PRODUCT_FORM_MESSAGES.thumbnailType);
    const storedImages = await this.storeAll(images);
    const id = await this.deps.repository.insert(
      store,
      toValues(item, storedThumbnail.thumbnailUrl, storedImages),
      item.itemOptions,
      (tx, id) =>
        this.deps.events.announce('item.listed', {
          tx,
          listing: { itemId: id, storeId: store.id, name: item.name, currency: item.currency },
        }),
    );
    const created = await this.rowOf(id);
    await this.deps.catalog.catchUp();
    this.deps.cache.changed({ items: [factsOf(created)] });
    return toOwnerDetail(created, created.options);
  }

  async update(caller: Caller, body: MultipartBody): Promise<ItemDetail> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    const item = parseOrThrow(itemUpdateSchema, jsonField(body.fields, 'itemDto'));
    const existing = await this.ownedItem(store, item.id);
    const { thumbnail, images } = splitFiles(body.files);
    // Kept images can only be ones the product already has: a client cannot point at any URL.
    const kept =
      item.images == null
        ? existing.images
        : item.images.filter((url) => existing.images.includes(url));
    assertImageRules({
      isNew: false,
      thumbnail: describe(thumbnail),
      newImages: images.map((f) => describe(f)),
      keptImageCount: kept.length,
      hasExistingThumbnail: !!existing.thumbnail,
    });
    const thumbnailUrl = thumbnail
      ? (await this.store(thumbnail, PRODUCT_FORM_MESSAGES.thumbnailType)).thumbnailUrl
      : existing.thumbnail;
    const storedImages = await this.storeAll(images);
    const since = Date.now();
    // Another product put in this one's place is a new listing, charged as one (issue 38.9).
    const relisted = isNewListing(
      { name: existing.name, priceCents: existing.priceCents, options: existing.options },
      { name: item.name, priceCents: toCents(item.price), options: item.itemOptions },
    );
    await this.deps.repository.update(
      existing.id,
      store,
      toValues(item, thumbnailUrl, [...kept, ...storedImages]),
      item.itemOptions,
      relisted
        ? (tx) =>
            this.deps.events.announce('item.listed', {
              tx,
              listing: {
                itemId: existing.id,
                storeId: store.id,
                name: item.name,
                currency: item.currency,
              },
            })
        : undefined,
    );
    const updated = await this.rowOf(existing.id);
    await this.deps.catalog.catchUp();
    this.deps.cache.changed({ items: [factsOf(existing), factsOf(updated)], since });
    return toOwnerDetail(updated, updated.options);
  }

  /** Hidden, never destroyed: orders and reviews keep pointing at it. */
  async remove(caller: Caller, id: number): Promise<void> {
    const store = await this.deps.stores.requireOwnedStore(caller);
    const existing = await this.ownedItem(store, id);
    await this.deps.repository.hide(id);
    await this.deps.catalog.catchUp();
    this.deps.cache.changed({ items: [factsOf(existing)] });
  }

  /**
   * The store selling a product shoppers can see; 404 for one deleted or saved as not
   * available, whose existence is not revealed (reviews need a listed product).
   */
  async storeOfListed(id: number): Promise<string> {
    const storeId = await this.deps.repository.storeIdOfListed(id);
    if (!storeId) throw new NotFound('Product not found.');
    return storeId;
  }

  /**
   * A product page. Listed products are cached and shared; one saved as not available is
   * shown only to its store's owner (404 to everyone else), and that view is read outside the
   * cache, so it is never served to anyone else and a cached 404 never hides it from the owner.
   */
  async getPublic(
    id: number,
    viewerUserName?: string,
    locale: Locale = 'en',
  ): Promise<{ item: JsonText | ItemDetail; ownerView: boolean }> {
    try {
      return { item: await this.getListed(id, locale), ownerView: false };
    } catch (error) {
      if (!(error instanceof NotFound) || viewerUserName === undefined) throw error;
      const found = await this.deps.repository.findWithOptions(id);
      if (!found || !(await this.ownsStore(viewerUserName, found.storeId))) throw error;
      return { item: toDetail(found, found.options, locale), ownerView: true };
    }
  }

  /**
   * Cached like the lists, per language; a stock change forgets the product's pages. Written by
   * the database as the JSON sent (the repository's `detailJson`, `toDetail`'s twin).
   */
  private getListed(id: number, locale: Locale): Promise<JsonText> {
    return this.deps.cache.get(
      inLocale(`${PRODUCT_PAGE}${id}`, locale),
      async () => {
        const json = await this.deps.repository.listedDetailJson(id, locale);
        if (json === undefined) throw new NotFound('Product not found.');
        return new JsonText(json);
      },
      { affectedBy: (item) => item.id === id, fresh: true, product: id },
    );
  }

  /** The owner's answer to a write: read fresh, listed or not. */
  private async rowOf(id: number) {
    const found = await this.deps.repository.findWithOptions(id);
    if (!found) throw new NotFound('Product not found.');
    return found;
  }

  /** Cached: the parsed query is the key, so equivalent URLs share one answer. */
  search(query: CatalogQuery, locale: Locale = 'en'): Promise<CardsAnswer> {
    const { sort, page, pageSize, ...filters } = query;
    return this.deps.cache.get(
      inLocale(`search:${JSON.stringify(query)}`, locale),
      async () => {
        const limit = pageSize ?? UNPAGED_LIMIT;
        const offset = (page - 1) * limit;
        const { json, total, bounds } = await this.deps.catalog.search(
          filters,
          sort,
          limit,
          offset,
          locale,
        );
        return { items: new JsonText(json), total, bounds };
      },
      {
        affectedBy: (item) => matches(filters, item),
        footprint: listFootprint(filters.keyword),
        patch: (answer: CardsAnswer, was, is) =>
          sameMembers(filters, was, is) && pageStays(sort, answer, was, is) ? answer : undefined,
      },
    );
  }

  /** Cached like searches: every filter but the order and page is part of the key. */
  facets(query: CatalogQuery): Promise<CatalogFacets> {
    const { sort: _sort, page: _page, pageSize: _pageSize, ...filters } = query;
    // Each list drops its own filter: a product matching the others may count in some list.
    const loose = { ...filters, category: [], store: [], color: [], size: [], price: [] };
    return this.deps.cache.get(
      `facets:${JSON.stringify(filters)}`,
      () => this.deps.catalog.facets(filters),
      {
        affectedBy: (item) => matches(loose, item),
        footprint: (item) => facetsFootprint(filters, item),
        patch: (answer: CatalogFacets, was, is) => patchFacets(filters, answer, was, is),
      },
    );
  }

  /**
   * How many products match the query, its city aside, in each city that has some: an empty list
   * in the shopper's city offers the others (issue 39.6). Cached like the facets.
   */
  cityCounts(query: CatalogQuery): Promise<{ city: City; count: number }[]> {
    const { sort: _sort, page: _page, pageSize: _pageSize, city: _city, ...rest } = query;
    const filters: CatalogFilters = rest;
    return this.deps.cache.get(
      `cities:${JSON.stringify(filters)}`,
      async () =>
        (await this.deps.catalog.cityCounts(filters)).sort((a, b) => b.count - a.count) as {
          city: City;
          count: number;
        }[],
      {
        affectedBy: (item) => matches(filters, item),
        footprint: (item) => facetsFootprint(filters, item),
      },
    );
  }

  /** The search box's suggestions: see CatalogSuggestions. */
  suggest(query: SuggestQuery, locale: Locale = 'en'): Promise<Suggestion[]> {
    return this.suggestions.of(query, locale);
  }

  /**
   * A store's products. Its owner (the admin dashboard) also gets unavailable ones, in full,
   * to edit them; everyone else gets the public list.
   */
  async storeItems(
    storeId: string,
    query: { sort: StoreItemSort; page: number; pageSize?: number },
    callerUserName?: string,
    locale: Locale = 'en',
  ): Promise<CardsAnswer | Page<ItemDetail>> {
    const limit = query.pageSize ?? UNPAGED_LIMIT;
    const offset = (query.page - 1) * limit;
    const publicPage = (id: string) =>
      this.deps.cache.get(
        inLocale(`store:${id}:${JSON.stringify(query)}`, locale),
        async () => {
          const { json, total, bounds } = await this.deps.repository.storeCards(
            id,
            query.sort,
            limit,
            offset,
            locale,
          );
          // No listed product: is there such a store at all? (404 if not)
          if (total === 0) await this.deps.stores.findByIdentifier(id);
          return { items: new JsonText(json), total, bounds };
        },
        {
          affectedBy: (item) => item.storeId === id || item.storeName.toLowerCase() === id,
          footprint: listFootprint(),
          patch: (answer: CardsAnswer, was, is) =>
            was.listed === is.listed && (!is.listed || pageStays(query.sort, answer, was, is))
              ? answer
              : undefined,
        },
      );
    if (callerUserName === undefined) return publicPage(storeId.trim().toLowerCase());
    const store = await this.deps.stores.findByIdentifier(storeId);
    if (!(await this.ownsStore(callerUserName, store.id)))
      return publicPage(store.name.toLowerCase());
    const { rows, total } = await this.deps.repository.storeItems(
      store.id,
      query.sort,
      limit,
      offset,
    );
    const options = await this.deps.repository.optionsOf(rows.map((r) => r.id));
    return {
      items: rows.map((row) =>
        toOwnerDetail(
          row,
          options.filter((o) => o.itemId === row.id),
        ),
      ),
      total,
    };
  }

  async purchasableOptions(optionIds: number[]): Promise<Map<number, PurchasableOption>> {
    const rows = await this.deps.repository.optionsWithItems(optionIds);
    return new Map(rows.map((row) => [row.optionId, toPurchasableOption(row)]));
  }

  /** The sitemap's product files: each one's id range and newest change (sitemap.service.ts). */
  sitemapFiles(
    perFile: number,
  ): Promise<{ firstId: number; lastId: number; lastModified: Date }[]> {
    return this.deps.repository.sitemapFiles(perFile);
  }

  sitemapProducts(firstId: number, lastId: number): Promise<{ id: number; updatedAt: Date }[]> {
    return this.deps.repository.sitemapProducts(firstId, lastId);
  }

  /** For shipping labels: each product's weight, in pounds (METRIC products are kept in kilograms). */
  async weightsInPounds(itemIds: number[]): Promise<Map<number, number>> {
    const rows = await this.deps.repository.weightsOf(itemIds);
    const KG_IN_LB = 2.20462;
    return new Map(
      rows.map((row) => [row.id, row.unit === 'METRIC' ? row.weight * KG_IN_LB : row.weight]),
    );
  }

  /**
   * Holds stock for a checkout, all or none (409 'Only N left in stock.' when short), in `tx`:
   * the transaction that also writes the order holding it, so that a failure or a crash
   * between the two can never leave units taken that no order holds. Once `tx` committed, the
   * caller passes the answer to stockMoved().
   */
  async reserveStock(
    tx: Tx,
    lines: { itemOptionId: number; quantity: number }[],
    locale: Locale = 'en',
  ): Promise<StockMove> {
    const taken = await this.deps.repository.takeStock(lines, tx);
    if ('available' in taken) {
      // Checkout's error names the item (issue 13): the bag may hold several.
      const [short] = await this.deps.repository.optionsWithItems([taken.itemOptionId], tx);
      if (!short) throw new Conflict(CART_MESSAGES.onlyLeft(taken.available));
      // Named in the reader's language, as the bag names it (decision 030).
      const name = localizedText(short.itemName, short.itemNameFr, locale);
      const filled =
        taken.available > 0
          ? CART_MESSAGES.onlyLeftOf(name, taken.available)
          : CART_MESSAGES.noLongerAvailable([name]);
      throw new Conflict(filled.text, undefined, filledMessages(filled));
    }
    return taken;
  }

  /**
   * Gives a hold's units back, in `tx`: the transaction that ends the hold (the order leaving
   * its wait), so the units come back exactly when it ends. Then stockMoved(), as above.
   */
  releaseStock(tx: Tx, lines: { itemOptionId: number; quantity: number }[]): Promise<StockMove> {
    return this.deps.repository.returnStock(lines, tx);
  }

  /**
   * The product pages of the products whose stock moved show new counts; lists show "Sold out"
   * and sort by it, so only the lists of a product whose flag flipped change (issue 20: a
   * checkout used to forget every product page, and a sell-out every answer). Called once the
   * transaction of reserveStock or releaseStock committed: before, no other reader sees it.
   */
  async stockMoved(moved: StockMove): Promise<void> {
    const flipped = await Promise.all(
      moved.flippedIds.map((id) => this.deps.repository.findWithOptions(id)),
    );
    if (flipped.length > 0) await this.deps.catalog.catchUp();
    this.deps.cache.changed({
      items: flipped.flatMap((row) => (row ? [factsOf(row)] : [])),
      stockOf: moved.itemIds,
    });
  }

  /**
   * A store suspended, reinstated or approved (issue 17): its products leave or rejoin every
   * public read at once. The whole cache is dropped here and, through the catalog bus, on every
   * other process, as for a renamed store (decisions 008, 010).
   */
  private async storeListingChanged(storeId: string, listable: boolean): Promise<void> {
    if (listable) await this.deps.repository.releaseStore(storeId);
    else await this.deps.repository.withholdStore(storeId);
    await this.deps.catalog.catchUp();
    this.deps.cache.clear();
  }

  /** Product names by id (deleted ones too). */
  namesOf(ids: number[]): Promise<Map<number, string>> {
    return this.deps.repository.namesOf(ids);
  }

  /** Products not deleted, listed or not, per store. */
  countByStore(storeIds: string[]): Promise<Map<string, number>> {
    return this.deps.repository.countByStore(storeIds);
  }

  private async storeChanged(store: OwnedStore): Promise<void> {
    await this.deps.repository.refreshStoreCopies(store);
    await this.deps.catalog.catchUp();
    this.deps.cache.clear();
  }

  private async ownsStore(userName: string, storeId: string): Promise<boolean> {
    try {
      return (await this.deps.stores.requireOwnedStore(userName)).id === storeId;
    } catch {
      return false;
    }
  }

  private async ownedItem(store: OwnedStore, id: number) {
    const existing = await this.deps.repository.findWithOptions(id);
    if (!existing) throw new NotFound('Product not found.');
    if (existing.storeId !== store.id)
      throw new Forbidden('You can only change your own products.');
    return existing;
  }

  private async store(file: UploadedFile, invalidMessage: string) {
    try {
      return await storeImage(this.deps.storage, file.bytes);
    } catch (error) {
      if (error instanceof OversizedImageError)
        throw new AppError(413, PRODUCT_FORM_MESSAGES.imagePixels);
      if (error instanceof InvalidImageError) throw new BadRequest(invalidMessage);
      throw error;
    }
  }

  private async storeAll(files: UploadedFile[]): Promise<string[]> {
    const urls: string[] = [];
    for (const file of files)
      urls.push((await this.store(file, PRODUCT_FORM_MESSAGES.imagesType)).url);
    return urls;
  }
}
