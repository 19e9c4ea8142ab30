/** Business constants and limits from spec section 9. Nothing else defines these numbers. */

import { msg } from './i18n/msg';

export const CITIES = ['VANCOUVER', 'MONTREAL', 'TORONTO', 'LOS ANGELES', 'NEW YORK'] as const;
export type City = (typeof CITIES)[number];
export const DEFAULT_CITY: City = 'VANCOUVER';
/**
 * Each city's name, for a select that offers them as words (the seller's open-store form):
 * the value stays the code. The navigation's selector shows the codes (spec 1).
 */
export const CITY_LABELS: Readonly<Record<City, string>> = {
  VANCOUVER: msg('Vancouver'),
  MONTREAL: msg('Montreal'),
  TORONTO: msg('Toronto'),
  'LOS ANGELES': msg('Los Angeles'),
  'NEW YORK': msg('New York'),
};

/**
 * A city as the navigation shows it, in capitals (spec 1): the code itself in English, the
 * city's own name in French ("MONTRÉAL", issue 39 item 12). Anything else is shown as given.
 */
export function cityInCapitals(city: string, t: (message: string) => string): string {
  const label = (CITY_LABELS as Readonly<Record<string, string>>)[city];
  return label ? t(label).toUpperCase() : city;
}

/** A city's name as people read it (issue 39 item 13): 'MONTREAL' reads 'Montreal' ('Montréal' in French). */
export function cityLabel(city: string): string {
  const known = CITY_LABELS[city.toUpperCase() as City];
  if (known) return known;
  return city.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (start) => start.toUpperCase());
}

// Paging and layout
export const PRODUCTS_PER_PAGE = 12;
export const FILTER_BREAKPOINT_PX = 700;
export const NAV_BREAKPOINT_PX = 990;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;
export const PRICE_DECIMALS = 2;
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

export const TOAST_SETTINGS = {
  position: 'top-right',
  autoClose: 4000,
  newestOnTop: true,
  hideProgressBar: false,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
} as const;

// Currencies and product enumerations
export const CURRENCIES = ['CAD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CAD';
export const DIMENSION_UNITS = ['IMPERIAL', 'METRIC'] as const;
/** The product form's Unit select: spec 5's words in English, readable names in French. */
export const DIMENSION_UNIT_LABELS: Readonly<Record<(typeof DIMENSION_UNITS)[number], string>> = {
  IMPERIAL: msg('IMPERIAL'),
  METRIC: msg('METRIC'),
};

/**
 * Option colours: the spec's RED and BLUE plus what clothing needs. Stored as these upper-case
 * ids (so every option saved before the list grew stays valid); the catalog's filters use them
 * in lower case. `hex` is the swatch; 'MULTI' is drawn as a gradient.
 */
export const COLOR_DEFINITIONS = [
  { id: 'BLACK', label: msg('Black'), hex: '#111111' },
  { id: 'WHITE', label: msg('White'), hex: '#ffffff' },
  { id: 'GREY', label: msg('Grey'), hex: '#8a8a8a' },
  { id: 'NAVY', label: msg('Navy'), hex: '#1f2a44' },
  { id: 'BLUE', label: msg('Blue'), hex: '#2f6fd6' },
  { id: 'RED', label: msg('Red'), hex: '#c62828' },
  { id: 'GREEN', label: msg('Green'), hex: '#2e7d32' },
  { id: 'OLIVE', label: msg('Olive'), hex: '#6b6b2e' },
  { id: 'BROWN', label: msg('Brown'), hex: '#6d4c2f' },
  { id: 'BEIGE', label: msg('Beige'), hex: '#d9c8a9' },
  { id: 'CREAM', label: msg('Cream'), hex: '#f3ead3' },
  { id: 'PINK', label: msg('Pink'), hex: '#f06292' },
  { id: 'PURPLE', label: msg('Purple'), hex: '#7b1fa2' },
  { id: 'YELLOW', label: msg('Yellow'), hex: '#f2c200' },
  { id: 'ORANGE', label: msg('Orange'), hex: '#ef6c00' },
  { id: 'BURGUNDY', label: msg('Burgundy'), hex: '#6d1a2b' },
  {
    id: 'MULTI',
    label: msg('Multi'),
    hex: 'linear-gradient(135deg, #c62828, #f2c200, #2e7d32, #2f6fd6)',
  },
] as const;
export type Color = (typeof COLOR_DEFINITIONS)[number]['id'];
export const COLORS = COLOR_DEFINITIONS.map((c) => c.id) as readonly Color[];

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => String(from + i * step));

/**
 * Size systems, each in its own order: letters (spec 3), waist in inches, US/CA shoe sizes
 * with halves, and one size. Their values never overlap, so a size names its system.
 */
export const SIZE_SYSTEMS = [
  {
    id: 'letter',
    label: msg('Letter'),
    sizes: ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'],
  },
  { id: 'waist', label: msg('Waist (in)'), sizes: range(24, 44, 1) },
  { id: 'shoe', label: msg('Shoe (US/CA)'), sizes: range(5, 13, 0.5) },
  { id: 'one', label: msg('One size'), sizes: ['ONE SIZE'] },
] as const satisfies readonly { id: string; label: string; sizes: readonly string[] }[];
export type SizeSystem = (typeof SIZE_SYSTEMS)[number]['id'];
/** Every size, smallest first within each system, systems in the order above. */
export const SIZES: readonly string[] = SIZE_SYSTEMS.flatMap((system) => system.sizes);

// Reviews
export const MAX_STARS = 5;
export const FIT_SCORE_MIN = 1;
export const FIT_SCORE_MAX = 5;
export const DEFAULT_FIT_SCORE = 3;
export const NO_REVIEWS_AVERAGE_RATING = 0;
export const NO_REVIEWS_AVERAGE_FIT = 3;

// Seller product limits
export const MIN_ITEM_PRICE = 15;
export const MAX_ITEM_PRICE = 100_000;
/** Larger bags are refused at checkout; also keeps totals inside the money columns (numeric(10, 2)). */
export const MAX_ORDER_TOTAL = 1_000_000;
export const MAX_OPTION_COUNT = 100_000;
export const MAX_TAGS = 10;
/** The product page's texts: plain text, paragraphs kept (issue 13 item 11). */
export const PRODUCT_TEXT_MAX = { description: 5000, materials: 1000, care: 1000 } as const;
export const TAG_MIN_LENGTH = 2;
export const TAG_MAX_LENGTH = 32;
export const BOX_DIMENSION_MIN = 2;
export const BOX_DIMENSION_MAX = 200;
export const BOX_WEIGHT_MIN = 2;
export const BOX_WEIGHT_MAX = 200;
/**
 * Issue 39.15: a METRIC box is in centimetres and kilograms, held to the same limits as spec 5's
 * inches and pounds (2 in = 5.08 cm, 200 in = 508 cm; 0.91 to 90.71 kg stays within 2–200 lb).
 */
export const BOX_DIMENSION_CM_MIN = 5.08;
export const BOX_DIMENSION_CM_MAX = 508;
export const BOX_WEIGHT_KG_MIN = 0.91;
export const BOX_WEIGHT_KG_MAX = 90.71;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const MAX_TOTAL_UPLOAD_BYTES = 24 * 1024 * 1024;
export const MAX_PHOTOS_PER_PRODUCT = 6;
/** Width × height: a decompression bomb (20000 × 20000 in a few KB) is refused before decoding. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

// Policy constants (About page)
export const SHIPPING_POLICY = {
  freeShippingThreshold: { USD: 200, CAD: 300 },
  flatRatePerBrand: 10,
  sellerReimbursementThreshold: { USD: 70, CAD: 80 },
  sellerReimbursementShare: 0.5,
} as const;

export const COMMISSION = {
  totalRate: 0.2,
  paymentFeeRate: 0.029,
  paymentFeeFixed: 0.3,
  marketplaceRate: 0.171,
} as const;

export const PAYOUT_PERIOD_DAYS = 14;
/** Payout periods are counted from this Monday (UTC). */
export const PAYOUT_PERIOD_ANCHOR = '2026-01-05T00:00:00Z';

export const RETURN_POLICY = {
  returnWindowDays: 14,
  refundProcessingWorkingDays: 3,
  faultyReportWindowDays: 14,
  maxOwnershipMonths: 6,
} as const;

export const LISTING_POLICY = {
  freeListings: 20,
  feePerListingAfterFree: 0.1,
  maxPhotosPerPost: MAX_PHOTOS_PER_PRODUCT,
} as const;

export const CATEGORIES = ['men', 'women', 'kids'] as const;

/** Row ids are PostgreSQL integers: a larger number names nothing (and must not reach a query). */
export const MAX_RECORD_ID = 2 ** 31 - 1;
export type Category = (typeof CATEGORIES)[number];
