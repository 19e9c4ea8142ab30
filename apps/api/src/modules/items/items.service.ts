import {
  AppError,
  BadRequest,
  CART_MESSAGES,
  Conflict,
  Forbidden,
  NotFound,
  PRODUCT_FORM_MESSAGES,
  checkProductImages,
  effectivePricing,
  itemInputSchema,
  itemUpdateSchema,
  salePrice,
  type CatalogFacets,
  type CatalogQuery,
  type City,
  type Currency,
  type Category,
  type ImageFileInfo,
  type ItemDetail,
  type ItemSummary,
  type StoreItemSort,
  type ValidItem,
} from '@marketplace/shared';
import {
  parseOrThrow,
  jsonField,
  type MultipartBody,
  type UploadedFile,
} from '../../plugins/app/request-parsing';
import {
  InvalidImageError,
  OversizedImageError,
  sniffImageType,
  storeImage,
} from '../../providers/images/image-processor';
import type { Storage } from '../../providers/storage/storage';
import type { OwnedStore, StoreCatalog, StoresService } from '../stores/stores.service';
import type { CatalogCache } from './catalog-cache';
import type { ItemOptionRow, ItemRow, ItemValues, ItemsRepository } from './items.repository';

/** An option as the bag sees it: what it costs now and how many exist. */
export interface PurchasableOption {
  itemId: number;
  itemName: string;
  thumbnail: string | null;
  currency: Currency;
  storeId: string;
  store: string;
  unitPrice: number;
  originalPrice: number;
  size: string;
  color: string;
  stock: number;
  purchasable: boolean;
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

const imageRuleStatus: Partial<Record<string, number>> = {
  [PRODUCT_FORM_MESSAGES.imageTooLarge]: 413,
  [PRODUCT_FORM_MESSAGES.uploadTooLarge]: 413,
  [PRODUCT_FORM_MESSAGES.thumbnailType]: 415,
  [PRODUCT_FORM_MESSAGES.imagesType]: 415,
};

export class ItemsService implements StoreCatalog {
  constructor(
    private readonly repository: ItemsRepository,
    private readonly stores: StoresService,
    private readonly storage: Storage,
    private readonly cache: CatalogCache,
  ) {}

  async create(userName: string, body: MultipartBody): Promise<ItemDetail> {
    const store = await this.stores.requireOwnedStore(userName);
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
    const id = await this.repository.insert(
      store,
      toValues(item, storedThumbnail.thumbnailUrl, storedImages),
      item.itemOptions,
    );
    this.cache.clear();
    return this.getPublic(id);
  }

  async update(userName: string, body: MultipartBody): Promise<ItemDetail> {
    const store = await this.stores.requireOwnedStore(userName);
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
    await this.repository.update(
      existing.id,
      store,
      toValues(item, thumbnailUrl, [...kept, ...storedImages]),
      item.itemOptions,
    );
    this.cache.clear();
    return this.getPublic(existing.id);
  }

  /** Hidden, never destroyed: orders and reviews keep pointing at it. */
  async remove(userName: string, id: number): Promise<void> {
    const store = await this.stores.requireOwnedStore(userName);
    await this.ownedItem(store, id);
    await this.repository.hide(id);
    this.cache.clear();
  }

  /** The store selling a product; 404 unless it exists and has not been deleted. */
  async storeOfListed(id: number): Promise<string> {
    const storeId = await this.repository.storeIdOf(id);
    if (!storeId) throw new NotFound('Product not found.');
    return storeId;
  }

  /** Cached like the lists; a stock change on this process forgets every product page. */
  getPublic(id: number): Promise<ItemDetail> {
    return this.cache.get(`${PRODUCT_PAGE}${id}`, async () => {
      const found = await this.repository.findWithOptions(id);
      if (!found) throw new NotFound('Product not found.');
      return toDetail(found, found.options);
    });
  }

  /** Cached: the parsed query is the key, so equivalent URLs share one answer. */
  search(query: CatalogQuery): Promise<Page<ItemSummary>> {
    return this.cache.get(`search:${JSON.stringify(query)}`, async () => {
      const { sort, page, pageSize, ...filters } = query;
      const limit = pageSize ?? UNPAGED_LIMIT;
      const offset = (page - 1) * limit;
      const { rows, total } = await this.repository.search(filters, sort, limit, offset);
      return { items: rows.map(toSummary), total };
    });
  }

  facets(query: Pick<CatalogQuery, 'keyword' | 'city'>): Promise<CatalogFacets> {
    const filters = { keyword: query.keyword, city: query.city };
    return this.cache.get(`facets:${JSON.stringify(filters)}`, () =>
      this.repository.facets(filters),
    );
  }

  /**
   * A store's products. Its owner (the admin dashboard) also gets unavailable ones, in full,
   * to edit them; everyone else gets the public list.
   */
  async storeItems(
    storeId: string,
    query: { sort: StoreItemSort; page: number; pageSize?: number },
    callerUserName?: string,
  ): Promise<Page<ItemSummary | ItemDetail>> {
    const limit = query.pageSize ?? UNPAGED_LIMIT;
    const offset = (query.page - 1) * limit;
    const publicPage = (id: string) =>
      this.cache.get(`store:${id}:${JSON.stringify(query)}`, async () => {
        const store = await this.stores.findByIdentifier(id);
        const { rows, total } = await this.repository.storeItems(
          store.id,
          query.sort,
          limit,
          offset,
          false,
        );
        return { items: rows.map(toSummary), total };
      });
    if (callerUserName === undefined) return publicPage(storeId.trim().toLowerCase());
    const store = await this.stores.findByIdentifier(storeId);
    if (!(await this.ownsStore(callerUserName, store.id)))
      return publicPage(store.name.toLowerCase());
    const { rows, total } = await this.repository.storeItems(
      store.id,
      query.sort,
      limit,
      offset,
      true,
    );
    const options = await this.repository.optionsOf(rows.map((r) => r.id));
    return {
      items: rows.map((row) =>
        toDetail(
          row,
          options.filter((o) => o.itemId === row.id),
        ),
      ),
      total,
    };
  }

  async purchasableOptions(optionIds: number[]): Promise<Map<number, PurchasableOption>> {
    const rows = await this.repository.optionsWithItems(optionIds);
    return new Map(
      rows.map((row) => {
        const pricing = effectivePricing(
          { price: row.itemPrice, sale: row.itemSale },
          { price: row.optionPrice, sale: row.optionSale },
        );
        return [
          row.optionId,
          {
            itemId: row.itemId,
            itemName: row.itemName,
            storeId: row.storeId,
            thumbnail: row.thumbnail,
            currency: row.currency as Currency,
            store: row.store,
            unitPrice: salePrice(pricing.price, pricing.sale),
            originalPrice: pricing.price,
            size: row.size,
            color: row.color,
            stock: row.count,
            purchasable: row.purchasable,
          },
        ];
      }),
    );
  }

  countPublicByStore(storeIds: string[]): Promise<Map<string, number>> {
    return this.repository.countPublicByStore(storeIds);
  }

  /** For shipping labels: each product's weight, in pounds (METRIC products are kept in kilograms). */
  async weightsInPounds(itemIds: number[]): Promise<Map<number, number>> {
    const rows = await this.repository.weightsOf(itemIds);
    const KG_IN_LB = 2.20462;
    return new Map(
      rows.map((row) => [row.id, row.unit === 'METRIC' ? row.weight * KG_IN_LB : row.weight]),
    );
  }

  /** Holds stock for a checkout, all or none (409 'Only N left in stock.' when short). */
  async reserveStock(lines: { itemOptionId: number; quantity: number }[]): Promise<void> {
    const shortfall = await this.repository.takeStock(lines);
    if (shortfall) throw new Conflict(CART_MESSAGES.onlyLeft(shortfall.available));
    this.cache.clearPrefix(PRODUCT_PAGE);
  }

  async releaseStock(lines: { itemOptionId: number; quantity: number }[]): Promise<void> {
    await this.repository.returnStock(lines);
    this.cache.clearPrefix(PRODUCT_PAGE);
  }

  async storeChanged(store: OwnedStore): Promise<void> {
    await this.repository.refreshStoreCopies(store);
    this.cache.clear();
  }

  private async ownsStore(userName: string, storeId: string): Promise<boolean> {
    try {
      return (await this.stores.requireOwnedStore(userName)).id === storeId;
    } catch {
      return false;
    }
  }

  private async ownedItem(store: OwnedStore, id: number) {
    const existing = await this.repository.findWithOptions(id);
    if (!existing) throw new NotFound('Product not found.');
    if (existing.storeId !== store.id)
      throw new Forbidden('You can only change your own products.');
    return existing;
  }

  private async store(file: UploadedFile, invalidMessage: string) {
    try {
      return await storeImage(this.storage, file.bytes);
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

function splitFiles(files: UploadedFile[]) {
  return {
    thumbnail: files.find((f) => f.field === 'thumbnail'),
    images: files.filter((f) => f.field === 'images'),
  };
}

/** The rules see the type the bytes say, never the file name's or the browser's claim. */
function describe(file: UploadedFile): ImageFileInfo;
function describe(file: UploadedFile | undefined): ImageFileInfo | undefined;
function describe(file: UploadedFile | undefined): ImageFileInfo | undefined {
  if (!file) return undefined;
  return {
    name: file.filename,
    size: file.bytes.length,
    type: sniffImageType(file.bytes) ?? 'application/octet-stream',
  };
}

function assertImageRules(input: Parameters<typeof checkProductImages>[0]) {
  const message = checkProductImages(input);
  if (message) throw new AppError(imageRuleStatus[message] ?? 400, message);
}

function toValues(item: ValidItem, thumbnail: string | null, images: string[]): ItemValues {
  return {
    name: item.name,
    category: item.category,
    price: item.price,
    sale: item.sale,
    salePrice: salePrice(item.price, item.sale),
    currency: item.currency,
    tags: item.tags,
    isAvailable: item.isAvailable,
    thumbnail,
    images,
    width: item.dimensions.width,
    length: item.dimensions.length,
    height: item.dimensions.height,
    weight: item.dimensions.weight,
    dimensionUnit: item.dimensions.unit,
  };
}

function toSummary(row: ItemRow): ItemSummary {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    sale: row.sale,
    salePrice: row.salePrice,
    currency: row.currency as Currency,
    thumbnail: row.thumbnail,
    store: row.storeName,
    category: row.category as Category,
  };
}

function toDetail(row: ItemRow, options: ItemOptionRow[]): ItemDetail {
  return {
    ...toSummary(row),
    tags: row.tags,
    isAvailable: row.isAvailable,
    images: row.images,
    storeCity: row.storeCity as City,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    dimensions: {
      width: row.width,
      length: row.length,
      height: row.height,
      weight: row.weight,
      unit: row.dimensionUnit as 'IMPERIAL' | 'METRIC',
    },
    itemOptions: options.map((o) => ({
      id: o.id,
      color: o.color,
      size: o.size,
      price: o.price,
      sale: o.sale,
      count: o.count,
      isAvailable: o.isAvailable,
    })),
  };
}
