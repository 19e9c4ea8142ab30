import {
  effectivePricing,
  localizedText,
  fromCents,
  salePriceCents,
  toCents,
  type Category,
  type Cents,
  type City,
  type Currency,
  type ItemDetail,
  type ItemSummary,
  type Locale,
  type ValidItem,
} from '@marketplace/shared';
import type {
  ItemOptionRow,
  ItemRow,
  ItemValues,
  ItemsRepository,
  SummaryRow,
} from './items.repository';

/** A product's rows as the API answers them (cards, the product page, the owner's form, the bag). */

/** An option as the bag sees it: what it costs now and how many exist. */
export interface PurchasableOption {
  itemId: number;
  itemName: string;
  /** The brand's French name, null when not written (decision 030). */
  itemNameFr: string | null;
  thumbnail: string | null;
  currency: Currency;
  storeId: string;
  store: string;
  unitPriceCents: Cents;
  originalPriceCents: Cents;
  /** Decides, with the size, how the line is taxed (children's clothing, issue 15). */
  category: Category;
  size: string;
  color: string;
  stock: number;
  purchasable: boolean;
}

export function toValues(item: ValidItem, thumbnail: string | null, images: string[]): ItemValues {
  return {
    name: item.name,
    description: item.description,
    materials: item.materials,
    care: item.care,
    nameFr: item.nameFr,
    descriptionFr: item.descriptionFr,
    materialsFr: item.materialsFr,
    careFr: item.careFr,
    category: item.category,
    priceCents: toCents(item.price),
    sale: item.sale,
    salePriceCents: salePriceCents(toCents(item.price), item.sale),
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

/** An option row with its item's facts (the bag reads these in its own statement too). */
export type OptionWithItemRow = Awaited<ReturnType<ItemsRepository['optionsWithItems']>>[number];

/** What an option costs now and how many exist, from its row and its item's. */
export function toPurchasableOption(row: OptionWithItemRow): PurchasableOption {
  const pricing = effectivePricing(
    { price: row.itemPriceCents, sale: row.itemSale },
    { price: row.optionPriceCents, sale: row.optionSale },
  );
  return {
    itemId: row.itemId,
    itemName: row.itemName,
    itemNameFr: row.itemNameFr,
    storeId: row.storeId,
    thumbnail: row.thumbnail,
    currency: row.currency as Currency,
    store: row.store,
    unitPriceCents: salePriceCents(pricing.price, pricing.sale),
    originalPriceCents: pricing.price,
    category: row.category as Category,
    size: row.size,
    color: row.color,
    stock: row.count,
    purchasable: row.purchasable,
  };
}

export function toSummary(row: SummaryRow, locale: Locale): ItemSummary {
  return {
    id: row.id,
    name: localizedText(row.name, row.nameFr, locale),
    price: fromCents(row.priceCents),
    sale: row.sale,
    salePrice: fromCents(row.salePriceCents),
    currency: row.currency as Currency,
    thumbnail: row.thumbnail,
    store: row.storeName,
    category: row.category as Category,
    soldOut: !row.inStock,
  };
}

/** A product as a reader of `locale` sees it: the brand's texts in that language when written. */
export function toDetail(row: ItemRow, options: ItemOptionRow[], locale: Locale): ItemDetail {
  return {
    ...toSummary(row, locale),
    description: localizedText(row.description, row.descriptionFr, locale),
    materials: localizedText(row.materials, row.materialsFr, locale),
    care: localizedText(row.care, row.careFr, locale),
    tags: row.tags,
    // The seller's choice: a product withheld while its store is suspended is theirs as listed.
    isAvailable: row.isAvailable || row.withheld,
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
      price: fromCents(o.priceCents),
      sale: o.sale,
      count: o.count,
      isAvailable: o.isAvailable,
    })),
  };
}

/** The owner's product form: every text as written, in both languages. */
export function toOwnerDetail(row: ItemRow, options: ItemOptionRow[]): ItemDetail {
  return {
    ...toDetail(row, options, 'en'),
    name: row.name,
    description: row.description,
    materials: row.materials,
    care: row.care,
    nameFr: row.nameFr,
    descriptionFr: row.descriptionFr,
    materialsFr: row.materialsFr,
    careFr: row.careFr,
  };
}
