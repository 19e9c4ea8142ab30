import {
  CITIES,
  asCents,
  salePriceCents,
  toCents,
  type City,
  type Color,
} from '@marketplace/shared';
import type { Db } from '../apps/api/src/db/client';
import { itemOptions, items, stores, users } from '../apps/api/src/db/schema';
import { ItemsRepository } from '../apps/api/src/modules/items/items.repository';

/**
 * A synthetic catalog for load tests, written in bulk (the services would take an hour for
 * 100,000 products with images). Deterministic: the same size gives the same catalog, so runs
 * compare. Search words are then computed by the items repository itself, as the app does.
 */

const ADJECTIVES = [
  'Classic',
  'Relaxed',
  'Cropped',
  'Oversized',
  'Slim',
  'Vintage',
  'Tailored',
  'Boxy',
  'Washed',
  'Brushed',
  'Quilted',
  'Ribbed',
  'Waxed',
  'Heavyweight',
  'Lightweight',
  'Everyday',
];
const MATERIALS = [
  'Organic Cotton',
  'Linen',
  'Merino Wool',
  'Raw Denim',
  'Selvedge Denim',
  'Hemp',
  'Corduroy',
  'Fleece',
  'Recycled Nylon',
  'Cashmere',
  'Canvas',
  'Jersey',
];
const GARMENTS: Record<'men' | 'women' | 'kids', string[]> = {
  men: ['Chore Coat', 'Jeans', 'Overshirt', 'Henley', 'Trousers', 'Bomber', 'Hoodie', 'Parka'],
  women: ['Dress', 'Skirt', 'Blazer', 'Cardigan', 'Jumpsuit', 'Blouse', 'Trench', 'Jeans'],
  kids: ['Hoodie', 'Joggers', 'Raincoat', 'Overalls', 'Beanie', 'Sweater', 'Shorts', 'Tee'],
};
/**
 * The Montréal stores' products are also written in French (issue 19), a fifth of the catalog,
 * as a brand there would: the French name from the same picks, so the English catalog is the
 * same as before.
 */
const MATERIALS_FR: Record<string, string> = {
  'Organic Cotton': 'en coton biologique',
  Linen: 'en lin',
  'Merino Wool': 'en laine mérinos',
  'Raw Denim': 'en denim brut',
  'Selvedge Denim': 'en denim lisière',
  Hemp: 'en chanvre',
  Corduroy: 'en velours côtelé',
  Fleece: 'en molleton',
  'Recycled Nylon': 'en nylon recyclé',
  Cashmere: 'en cachemire',
  Canvas: 'en toile',
  Jersey: 'en jersey',
};
const GARMENTS_FR: Record<string, string> = {
  'Chore Coat': 'Veste de travail',
  Jeans: 'Jean',
  Overshirt: 'Surchemise',
  Henley: 'Henley',
  Trousers: 'Pantalon',
  Bomber: 'Blouson aviateur',
  Hoodie: 'Kangourou',
  Parka: 'Parka',
  Dress: 'Robe',
  Skirt: 'Jupe',
  Blazer: 'Veston',
  Cardigan: 'Cardigan',
  Jumpsuit: 'Combinaison',
  Blouse: 'Chemisier',
  Trench: 'Trench',
  Joggers: 'Pantalon de jogging',
  Raincoat: 'Imperméable',
  Overalls: 'Salopette',
  Beanie: 'Tuque',
  Sweater: 'Chandail',
  Shorts: 'Short',
  Tee: 'T-shirt',
};

const TAGS = [
  'organic',
  'recycled',
  'handmade',
  'local',
  'limited',
  'vintage',
  'denim',
  'knit',
  'outerwear',
  'basics',
  'workwear',
  'streetwear',
  'summer',
  'winter',
  'waterproof',
  'unisex',
];
/** Option colours as the app stores them (COLORS' ids); the catalog filters by them in lower case. */
export const BENCH_COLORS: readonly Color[] = [
  'BLACK',
  'WHITE',
  'NAVY',
  'OLIVE',
  'GREY',
  'CREAM',
  'BLUE',
  'BROWN',
  'GREEN',
  'BEIGE',
  'RED',
  'MULTI',
];
export const BENCH_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const STORE_WORDS = ['Thread', 'Loom', 'Stitch', 'Harbour', 'Cedar', 'Foundry', 'Atelier', 'Mill'];
/**
 * Past the size of the launch (issue 41: a million products), the catalog spreads over five more
 * cities than the five a shopper can pick today, as the marketplace means to grow: their products
 * weigh on every process's read side though no bench shopper searches them.
 */
const MORE_CITIES = ['SEATTLE', 'CHICAGO', 'CALGARY', 'OTTAWA', 'BOSTON'] as const;
export type BenchCity = City | (typeof MORE_CITIES)[number];
const US_CITIES: readonly BenchCity[] = ['LOS ANGELES', 'NEW YORK', 'SEATTLE', 'CHICAGO', 'BOSTON'];
export const LAUNCH_SIZE = 100_000;

export function benchCities(products: number): readonly BenchCity[] {
  return products > LAUNCH_SIZE ? [...CITIES, ...MORE_CITIES] : CITIES;
}

/** 500 stores up to the launch size (the runs on file), then one per 200 products. */
export function benchStoreCount(products: number): number {
  return Math.max(500, Math.round(products / 200));
}

/** Words a shopper would type: each matches a different share of the catalog. */
/** French words a Montréal shopper would type (stemmed: 'chandails' finds 'Chandail'). */
export const BENCH_FRENCH_KEYWORDS = [
  'chandail',
  'veste laine',
  'jupes',
  'denim brut',
  'tuque',
  'pantalon velours',
];

export const BENCH_KEYWORDS = [
  'denim',
  'linen jacket',
  'organic',
  'hoodie',
  'merino cardigan',
  'waterproof parka',
  'vintage',
  'corduroy trousers',
];

export const BENCH_PASSWORD_HASH = 'bench-accounts-cannot-log-in';
const BATCH = 1000;
const SAMPLE_OPTIONS = 2000;
const EDITABLE_PER_STORE = 20;

/** mulberry32: small, fast and good enough to spread synthetic data. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], count: number): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };
  return { next, int, pick, some };
}

export interface SeededCatalog {
  products: number;
  options: number;
  /** Each store with its owner's user name and up to 20 of its listed products (to edit). */
  stores: { id: string; name: string; city: BenchCity; owner: string; itemIds: number[] }[];
  /** Listed products and one of their options, for detail pages and the bag. */
  sampleOptions: { itemId: number; itemOptionId: number }[];
  shoppers: string[];
}

export async function seedBenchCatalog(
  db: Db,
  {
    products,
    storeCount,
    shopperCount,
  }: { products: number; storeCount: number; shopperCount: number },
): Promise<SeededCatalog> {
  const random = randomSource(products);
  const cities = benchCities(products);
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: storeCount }, (_, i) => ({
        userName: `bench-owner-${i + 1}`,
        email: `bench-owner-${i + 1}@bench.example`,
        firstName: 'Bench',
        lastName: `Owner ${i + 1}`,
        passwordHash: BENCH_PASSWORD_HASH,
      })),
    )
    .returning({ id: users.id });
  const shoppers = Array.from({ length: shopperCount }, (_, i) => `bench-shopper-${i + 1}`);
  await db.insert(users).values(
    shoppers.map((userName) => ({
      userName,
      email: `${userName}@bench.example`,
      firstName: 'Bench',
      lastName: 'Shopper',
      passwordHash: BENCH_PASSWORD_HASH,
    })),
  );
  const storeRows = await db
    .insert(stores)
    .values(
      owners.map((owner, i) => ({
        ownerId: owner.id,
        name: `${random.pick(STORE_WORDS)} ${random.pick(STORE_WORDS)} ${i + 1}`,
        city: cities[i % cities.length]!,
        description: 'An independent brand (synthetic, for load tests).',
      })),
    )
    .returning({ id: stores.id, name: stores.name, city: stores.city });
  const benchStores = storeRows.map((s, i) => ({
    ...s,
    city: s.city as BenchCity,
    owner: `bench-owner-${i + 1}`,
    itemIds: [] as number[],
  }));

  const now = Date.now();
  const yearMs = 365 * 24 * 60 * 60 * 1000;
  const sampleOptions: SeededCatalog['sampleOptions'] = [];
  let optionCount = 0;
  // Samples spread over the whole catalog, not its first rows.
  const samplesPerBatch = Math.ceil(SAMPLE_OPTIONS / Math.ceil(products / BATCH));
  for (let start = 0; start < products; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, products - start) }, () => {
      const store = random.pick(benchStores);
      const category = random.pick(['men', 'women', 'kids'] as const);
      const price = random.int(15, 400);
      const sale = random.next() < 0.7 ? 0 : random.pick([10, 20, 30, 40]);
      const optionFacts = random
        .some(
          BENCH_COLORS.flatMap((color) => BENCH_SIZES.map((size) => ({ color, size }))),
          random.int(2, 4),
        )
        .map((o) => ({ ...o, count: random.int(0, 40) }));
      const listed = random.next() < 0.97;
      const hidden = random.next() < 0.01;
      const [adjective, material, garment] = [
        random.pick(ADJECTIVES),
        random.pick(MATERIALS),
        random.pick(GARMENTS[category]),
      ];
      const french = store.city === 'MONTREAL';
      return {
        row: {
          storeId: store.id,
          storeName: store.name,
          storeCity: store.city,
          name: `${adjective} ${material} ${garment}`,
          nameFr: french ? `${GARMENTS_FR[garment]} ${MATERIALS_FR[material]}` : null,
          descriptionFr: french ? `Fait à Montréal, ${MATERIALS_FR[material]}.` : null,
          category,
          priceCents: toCents(price),
          sale,
          salePriceCents: salePriceCents(toCents(price), sale),
          currency: US_CITIES.includes(store.city) ? 'USD' : 'CAD',
          tags: random.some(TAGS, random.int(2, 4)),
          isAvailable: listed,
          thumbnail: `/uploads/bench-${random.int(1, 5000)}-400.webp`,
          images: [],
          width: 12,
          length: 14,
          height: 3,
          // Within the product form's rules (2–200 lb), so the bench's sellers can save them.
          weight: random.int(2, 5),
          dimensionUnit: 'IMPERIAL',
          colors: [...new Set(optionFacts.map((o) => o.color.toLowerCase()))],
          sizes: [...new Set(optionFacts.map((o) => o.size.toLowerCase()))],
          inStock: optionFacts.some((o) => o.count > 0),
          // Written below by the repository, from the same columns the app uses.
          search: '',
          deletedAt: hidden ? new Date(now - random.int(0, 30) * 86_400_000) : null,
          createdAt: new Date(now - Math.floor(random.next() * yearMs)),
        },
        options: optionFacts,
        listed: listed && !hidden,
        store,
      };
    });
    const ids = await db
      .insert(items)
      .values(batch.map((b) => b.row))
      .returning({ id: items.id });
    const optionRows = batch.flatMap((b, i) =>
      b.options.map((o, position) => ({
        itemId: ids[i]!.id,
        position,
        color: o.color,
        size: o.size,
        priceCents: asCents(0),
        sale: 0,
        count: o.count,
        isAvailable: true,
      })),
    );
    const optionIds = await db
      .insert(itemOptions)
      .values(optionRows)
      .returning({ id: itemOptions.id, itemId: itemOptions.itemId, count: itemOptions.count });
    optionCount += optionRows.length;
    for (const [i, b] of batch.entries()) {
      if (b.listed && b.store.itemIds.length < EDITABLE_PER_STORE) b.store.itemIds.push(ids[i]!.id);
    }
    const listedCad = new Set(
      ids.filter((_, i) => batch[i]!.listed && batch[i]!.row.currency === 'CAD').map((r) => r.id),
    );
    const sampled = new Set<number>();
    for (const option of optionIds) {
      if (sampled.size >= samplesPerBatch) break;
      if (!listedCad.has(option.itemId) || sampled.has(option.itemId) || option.count < 5) continue;
      sampled.add(option.itemId);
      sampleOptions.push({ itemId: option.itemId, itemOptionId: option.id });
    }
  }

  const repository = new ItemsRepository(db);
  for (const store of benchStores) await repository.refreshStoreCopies(store);
  return { products, options: optionCount, stores: benchStores, sampleOptions, shoppers };
}
