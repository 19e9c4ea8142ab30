import { z } from 'zod';
import {
  ALLOWED_IMAGE_TYPES,
  BOX_DIMENSION_CM_MAX,
  BOX_DIMENSION_CM_MIN,
  BOX_DIMENSION_MAX,
  BOX_DIMENSION_MIN,
  BOX_WEIGHT_KG_MAX,
  BOX_WEIGHT_KG_MIN,
  BOX_WEIGHT_MAX,
  BOX_WEIGHT_MIN,
  CATEGORIES,
  COLORS,
  CURRENCIES,
  DIMENSION_UNITS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_ITEM_PRICE,
  MAX_OPTION_COUNT,
  MAX_PHOTOS_PER_PRODUCT,
  MAX_RECORD_ID,
  MAX_TAGS,
  MAX_TOTAL_UPLOAD_BYTES,
  MIN_ITEM_PRICE,
  PRODUCT_TEXT_MAX,
  SIZES,
  TAG_MAX_LENGTH,
  TAG_MIN_LENGTH,
} from '../constants';
import { itemFrenchFields } from '../stores/brand-content';
import { msg } from '../i18n/msg';
import { filledMessage } from '../i18n/message-arguments';
import { fillMessage } from '../fill-message';
import { TEXT_MESSAGES, hasInvisibleCharacters, plainText } from '../text';
import { groupedDigits } from '../money/numbers';

// Labels of colours and sizes live apart from the schemas: pages that only show products
// (the home page's first load) take them without zod.
export { colorLabel, colorSwatch, compareSizes, sizeLabel, sizeSystemOf } from './item-labels';

/** Spec 5's box sides, each its own message (a catalog holds whole sentences). */
const DIMENSION_RANGE = {
  Width: msg(`Width must be between ${BOX_DIMENSION_MIN} and ${BOX_DIMENSION_MAX} in.`),
  Length: msg(`Length must be between ${BOX_DIMENSION_MIN} and ${BOX_DIMENSION_MAX} in.`),
  Height: msg(`Height must be between ${BOX_DIMENSION_MIN} and ${BOX_DIMENSION_MAX} in.`),
} as const;

/** The same sides of a METRIC box (issue 39.15): the message names the unit the seller typed in. */
const DIMENSION_RANGE_METRIC = {
  Width: msg(`Width must be between ${BOX_DIMENSION_CM_MIN} and ${BOX_DIMENSION_CM_MAX} cm.`),
  Length: msg(`Length must be between ${BOX_DIMENSION_CM_MIN} and ${BOX_DIMENSION_CM_MAX} cm.`),
  Height: msg(`Height must be between ${BOX_DIMENSION_CM_MIN} and ${BOX_DIMENSION_CM_MAX} cm.`),
} as const;

const TAG_LENGTH = msg(
  `Each tag must be ${TAG_MIN_LENGTH}–${TAG_MAX_LENGTH} chars. Offender: "{tag}".`,
);

/** Spec 5 "Product form": the messages, in the order the rules are checked. */
export const PRODUCT_FORM_MESSAGES = {
  nameRequired: msg('Name is required.'),
  descriptionMax: msg(
    `Description must be at most ${groupedDigits(PRODUCT_TEXT_MAX.description)} characters.`,
  ),
  materialsMax: msg(
    `Materials must be at most ${groupedDigits(PRODUCT_TEXT_MAX.materials)} characters.`,
  ),
  careMax: msg(`Care must be at most ${groupedDigits(PRODUCT_TEXT_MAX.care)} characters.`),
  priceMin: msg(`Price must be at least ${MIN_ITEM_PRICE}.`),
  priceMax: msg(`Price must be at most ${groupedDigits(MAX_ITEM_PRICE)}.`),
  currencyRequired: msg('Currency is required.'),
  categoryRequired: msg('Category is required.'),
  tooManyTags: msg(`You can add up to ${MAX_TAGS} tags.`),
  /** The message in English; `tagLengthMessage` with `{ tag }` translates it. */
  tagLength: (tag: string) => fillMessage(TAG_LENGTH, { tag }),
  tagLengthMessage: TAG_LENGTH,
  dimensionsNumbers: msg('Delivery box dimensions must be valid numbers.'),
  dimensionRange: (label: 'Width' | 'Length' | 'Height') => DIMENSION_RANGE[label],
  weightRange: msg(`Weight must be between ${BOX_WEIGHT_MIN} and ${BOX_WEIGHT_MAX} lb.`),
  dimensionRangeMetric: (label: 'Width' | 'Length' | 'Height') => DIMENSION_RANGE_METRIC[label],
  weightRangeMetric: msg(
    `Weight must be between ${BOX_WEIGHT_KG_MIN} and ${BOX_WEIGHT_KG_MAX} kg.`,
  ),
  optionRequired: msg('Add at least one item option.'),
  optionColor: msg('Select a color'),
  optionSize: msg('Select a size'),
  optionPrice: msg('Price must be ≥ 0'),
  optionPriceMax: msg(`Price must be ≤ ${groupedDigits(MAX_ITEM_PRICE)}`),
  optionCount: msg('Count must be ≥ 0'),
  optionCountMax: msg(`Count must be ≤ ${groupedDigits(MAX_OPTION_COUNT)}`),
  optionsIncomplete: msg('Please complete all required fields for item options.'),
  optionDuplicate: msg('Another option already has this color and size.'),
  optionsDuplicate: msg('Each color and size can be listed only once.'),
  saleRange: msg('Sale must be between 0 and 100 percent.'),
  thumbnailRequired: msg('Thumbnail is required for a new product.'),
  imageTooLarge: msg('Each image must be ≤ 8 MB.'),
  imagePixels: msg(`Each image must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`),
  /** 503: more photos waiting to be converted than the server takes at once (issue 38). */
  imagesBusy: msg('Many photos are being processed right now. Please try again in a moment.'),
  uploadTooLarge: msg('Total upload must be ≤ 24 MB.'),
  thumbnailType: msg('Invalid image type. Allowed: JPG, PNG, WEBP, GIF'),
  imagesType: msg('Some images are invalid. Allowed: JPG, PNG, WEBP, GIF'),
  imageRequired: msg('At least one image is required.'),
  tooManyImages: msg(`You can add up to ${MAX_PHOTOS_PER_PRODUCT} photos.`),
} as const;

const M = PRODUCT_FORM_MESSAGES;

/** Comma-separated tags: trimmed, blanks dropped (spec 5 rule 4). */
export function parseTags(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input;
  return parts.map((tag) => tag.trim()).filter((tag) => tag.length > 0);
}

const toNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);

/** Any input as a number, NaN when it is not one: the rules below say what is wrong. */
const looseNumber = z.unknown().optional().transform(toNumber);
const looseSale = z
  .unknown()
  .optional()
  .transform((v) => (v === '' || v == null ? 0 : Number(v)));
/** Colour and size ids are upper case ('red' and 'Red' are RED); anything else is ''. */
const looseId = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase() : ''));

export const itemOptionSchema = z
  .object({
    id: z.coerce.number().int().positive().max(MAX_RECORD_ID).optional(),
    color: looseId,
    size: looseId,
    price: looseNumber,
    sale: looseSale,
    count: looseNumber,
    isAvailable: z.boolean().default(true),
  })
  .strip();

const dimensionsSchema = z
  .object({
    width: looseNumber,
    length: looseNumber,
    height: looseNumber,
    weight: looseNumber,
    unit: z.enum(DIMENSION_UNITS).default('IMPERIAL'),
  })
  .strip();

/**
 * The product's fields (spec 3) with spec 5's rules 1–8, in order: the first issue is the
 * message the form and the API show. Rules 9–12 are about files: see checkProductImages.
 */
export const itemInputSchema = z
  .object({
    name: plainText('Name', { required: M.nameRequired })
      .min(1, M.nameRequired)
      .max(120, msg('Name must be at most 120 characters.')),
    price: looseNumber
      .refine((p) => Number.isFinite(p) && p >= MIN_ITEM_PRICE, M.priceMin)
      .refine((p) => !(p > MAX_ITEM_PRICE), M.priceMax),
    sale: looseSale.refine((s) => Number.isFinite(s) && s >= 0 && s < 100, M.saleRange),
    currency: z.enum(CURRENCIES, M.currencyRequired),
    category: z.enum(CATEGORIES, M.categoryRequired),
    tags: z
      .union([z.string(), z.array(z.string())])
      .default([])
      .transform((input) => parseTags(input).map((tag) => tag.normalize('NFC')))
      .superRefine((tags, ctx) => {
        if (tags.some((tag) => hasInvisibleCharacters(tag))) {
          ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.invisible('Tags') });
          return;
        }
        if (tags.length > MAX_TAGS) {
          ctx.addIssue({ code: 'custom', message: M.tooManyTags });
          return;
        }
        const offender = tags.find((t) => t.length < TAG_MIN_LENGTH || t.length > TAG_MAX_LENGTH);
        if (offender !== undefined) {
          const { text, params } = filledMessage(TAG_LENGTH, { tag: offender });
          ctx.addIssue({ code: 'custom', message: text, params });
        }
      }),
    description: plainText('Description', { multiline: true })
      .max(PRODUCT_TEXT_MAX.description, M.descriptionMax)
      .default(''),
    materials: plainText('Materials', { multiline: true })
      .max(PRODUCT_TEXT_MAX.materials, M.materialsMax)
      .default(''),
    care: plainText('Care', { multiline: true }).max(PRODUCT_TEXT_MAX.care, M.careMax).default(''),
    ...itemFrenchFields,
    dimensions: z.unknown().transform((value, ctx) => {
      const parsed = dimensionsSchema.safeParse(value ?? {});
      const d = parsed.data;
      if (!d) {
        ctx.addIssue({ code: 'custom', message: M.dimensionsNumbers });
        return z.NEVER;
      }
      // Every field's problem is reported (the form shows them all at once), the missing
      // numbers first: rule 5 comes before rule 6, and the first issue is the one message.
      // Each side is checked, and named, in the unit it was given in (issue 39.15).
      const metric = d.unit === 'METRIC';
      const side = metric ? M.dimensionRangeMetric : M.dimensionRange;
      const [sideMin, sideMax] = metric
        ? [BOX_DIMENSION_CM_MIN, BOX_DIMENSION_CM_MAX]
        : [BOX_DIMENSION_MIN, BOX_DIMENSION_MAX];
      const fields: [
        side: keyof typeof d,
        size: number,
        message: string,
        min: number,
        max: number,
      ][] = [
        ['width', d.width, side('Width'), sideMin, sideMax],
        ['length', d.length, side('Length'), sideMin, sideMax],
        ['height', d.height, side('Height'), sideMin, sideMax],
        metric
          ? ['weight', d.weight, M.weightRangeMetric, BOX_WEIGHT_KG_MIN, BOX_WEIGHT_KG_MAX]
          : ['weight', d.weight, M.weightRange, BOX_WEIGHT_MIN, BOX_WEIGHT_MAX],
      ];
      // A number too large to hold (1e999) is a number out of range, not a missing one.
      const missing = fields.filter(([, size]) => Number.isNaN(size));
      const outOfRange = fields.filter(
        ([, size, , min, max]) => !Number.isNaN(size) && (size < min || size > max),
      );
      for (const [path] of missing) {
        ctx.addIssue({ code: 'custom', path: [path], message: M.dimensionsNumbers });
      }
      for (const [path, , message] of outOfRange) {
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
      if (missing.length > 0 || outOfRange.length > 0) return z.NEVER;
      return d;
    }),
    itemOptions: z
      .array(itemOptionSchema)
      .default([])
      .superRefine((options, ctx) => {
        if (options.length === 0) {
          ctx.addIssue({ code: 'custom', message: M.optionRequired });
          return;
        }
        const problems = options.flatMap((option, index) => optionProblems(option, index));
        if (problems.length > 0) {
          ctx.addIssue({ code: 'custom', message: M.optionsIncomplete });
          for (const problem of problems) ctx.addIssue({ code: 'custom', ...problem });
          return;
        }
        const repeats = duplicateOptions(options);
        if (repeats.length === 0) return;
        ctx.addIssue({ code: 'custom', message: M.optionsDuplicate });
        for (const index of repeats) {
          ctx.addIssue({ code: 'custom', path: [index, 'size'], message: M.optionDuplicate });
        }
      }),
    isAvailable: z.boolean().default(false),
  })
  .strip();

/**
 * The options that repeat an earlier one's colour and size (a shopper could not tell them
 * apart, and the database refuses them too: item_options_item_color_size_idx).
 */
export function duplicateOptions(options: readonly { color: string; size: string }[]): number[] {
  const seen = new Set<string>();
  return options.flatMap((option, index) => {
    const key = `${option.color.trim().toUpperCase()}|${option.size.trim().toUpperCase()}`;
    if (seen.has(key)) return [index];
    seen.add(key);
    return [];
  });
}

function optionProblems(option: z.infer<typeof itemOptionSchema>, index: number) {
  const problems: { path: (string | number)[]; message: string }[] = [];
  if (!(COLORS as readonly string[]).includes(option.color)) {
    problems.push({ path: [index, 'color'], message: M.optionColor });
  }
  if (!SIZES.includes(option.size)) {
    problems.push({ path: [index, 'size'], message: M.optionSize });
  }
  if (!Number.isFinite(option.price) || option.price < 0) {
    problems.push({ path: [index, 'price'], message: M.optionPrice });
  } else if (option.price > MAX_ITEM_PRICE) {
    problems.push({ path: [index, 'price'], message: M.optionPriceMax });
  }
  if (!Number.isInteger(option.count) || option.count < 0) {
    problems.push({ path: [index, 'count'], message: M.optionCount });
  } else if (option.count > MAX_OPTION_COUNT) {
    problems.push({ path: [index, 'count'], message: M.optionCountMax });
  }
  if (!Number.isFinite(option.sale) || option.sale < 0 || option.sale >= 100) {
    problems.push({ path: [index, 'sale'], message: M.saleRange });
  }
  return problems;
}

export type ItemInput = z.input<typeof itemInputSchema>;
export type ValidItem = z.output<typeof itemInputSchema>;
export type ItemOptionInput = z.output<typeof itemOptionSchema>;

/** PUT /item: the full product incl. id; `images` lists the kept URLs, or null when unchanged. */
export const itemUpdateSchema = itemInputSchema.extend({
  id: z.coerce.number().int().positive().max(MAX_RECORD_ID),
  thumbnail: z.string().nullish(),
  images: z.array(z.string()).nullish(),
});
export type ItemUpdateInput = z.input<typeof itemUpdateSchema>;

export interface ImageFileInfo {
  name: string;
  size: number;
  type: string;
  lastModified?: number;
}

/**
 * Spec 5 rules 9–12 for the files of a product form. `type` is what the browser or the
 * byte sniffer says; the API passes the sniffed type, never the file name's.
 */
export function checkProductImages(input: {
  isNew: boolean;
  thumbnail?: ImageFileInfo | null;
  newImages: readonly ImageFileInfo[];
  keptImageCount: number;
  hasExistingThumbnail?: boolean;
}): string | undefined {
  const { isNew, thumbnail, newImages, keptImageCount } = input;
  if (isNew && !thumbnail) return M.thumbnailRequired;
  const files = [...(thumbnail ? [thumbnail] : []), ...newImages];
  if (files.some((f) => f.size > MAX_IMAGE_BYTES)) return M.imageTooLarge;
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_UPLOAD_BYTES) return M.uploadTooLarge;
  const allowed = ALLOWED_IMAGE_TYPES as readonly string[];
  if (thumbnail && !allowed.includes(thumbnail.type)) return M.thumbnailType;
  if (newImages.some((f) => !allowed.includes(f.type))) return M.imagesType;
  const hasThumbnail = !!thumbnail || !!input.hasExistingThumbnail;
  if (!hasThumbnail && keptImageCount + newImages.length === 0) return M.imageRequired;
  if (keptImageCount + newImages.length > MAX_PHOTOS_PER_PRODUCT) return M.tooManyImages;
  return undefined;
}

/** Drops added images that repeat one already chosen (same name, size and last-modified). */
export function dropDuplicateImages<T extends ImageFileInfo>(
  existing: readonly T[],
  added: readonly T[],
): T[] {
  const key = (f: ImageFileInfo) => `${f.name}|${f.size}|${f.lastModified ?? ''}`;
  const seen = new Set(existing.map(key));
  return added.filter((file) => {
    const k = key(file);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
