import { z } from 'zod';
import {
  shippingAddressSchema,
  shippingAddressViewSchema,
  type ShippingAddress,
} from '../orders/checkout';
import { storeFrenchFields } from './brand-content';
import { CITIES } from '../constants';
import { STORE_STATUSES } from '../operator/operator';
import { STORE_MESSAGES, STORE_NOTES_MAX } from './stores';
import { msg } from '../i18n/msg';
import { TEXT_MESSAGES, plainText } from '../text';

// The messages plainText builds from the fields' labels, recorded for the catalogs.
msg(TEXT_MESSAGES.invisible('Shipping notes'));
msg(TEXT_MESSAGES.invisible('Return notes'));

// The store rules as zod schemas, apart from stores.ts so that the pages which show stores do
// not load zod.

/**
 * A store address (issue 16): the buyer's shipping address rules (CA or US). A multipart form
 * sends it as a JSON text field, parsed here so that JSON and multipart requests read alike.
 */
const storeAddressSchema = (what: string) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z
      .unknown()
      .refine(
        (value) => typeof value === 'object' && value !== null,
        STORE_MESSAGES.addressJson(what),
      )
      .pipe(shippingAddressSchema),
  );

/** POST /store and PUT /store fields (JSON, or multipart text fields beside a thumbnail file). */
export const storeInputSchema = z
  .object({
    name: plainText('Store name', { required: STORE_MESSAGES.nameRequired })
      .min(1, STORE_MESSAGES.nameRequired)
      .max(60, STORE_MESSAGES.nameTooLong),
    description: plainText('Description', { multiline: true })
      .max(1000, 'Description must be at most 1,000 characters.')
      .default(''),
    ...storeFrenchFields,
    city: z.enum(CITIES, STORE_MESSAGES.city),
    /** Where parcels leave from: labels print it as the sender. Omitted on PUT: unchanged. */
    shipFromAddress: storeAddressSchema('Ship-from address').optional(),
    /** Where returns go; null (or omitted when opening) means the ship-from address. */
    returnAddress: storeAddressSchema('Return address').nullable().optional(),
    /** The brand's shipping and return notes (issue 39.3). Omitted on PUT: unchanged. */
    shippingNotes: plainText('Shipping notes', { multiline: true })
      .max(STORE_NOTES_MAX, STORE_MESSAGES.shippingNotesTooLong)
      .optional(),
    returnNotes: plainText('Return notes', { multiline: true })
      .max(STORE_NOTES_MAX, STORE_MESSAGES.returnNotesTooLong)
      .optional(),
  })
  .strict();
export type StoreInput = z.input<typeof storeInputSchema>;

export const storeListQuerySchema = z.object({ city: z.enum(CITIES).optional() });
export const storeIdParamsSchema = z.object({
  storeId: z.string().trim().min(1, STORE_MESSAGES.invalidIdentifier).max(60),
});

/** A store as shoppers see it (the type StorePublic is in stores.ts, which does not load zod). */
export const storePublicSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  city: z.enum(CITIES),
  productCount: z.number().int(),
  /** Issue 39.3: the store page's banner and the brand's shipping and return notes. */
  banner: z.string().nullable(),
  shippingNotes: z.string(),
  returnNotes: z.string(),
});

/**
 * GET /store: the caller's own store with its addresses, which only its owner sees (the public
 * answers above never carry them).
 */
export const storeOwnerViewSchema = storePublicSchema.extend({
  /** The description is as written in English; this, the French one (null: none). */
  descriptionFr: z.string().nullable(),
  shipFromAddress: shippingAddressViewSchema.nullable(),
  /** Null: returns go to the ship-from address. */
  returnAddress: shippingAddressViewSchema.nullable(),
  /** PENDING: waiting for an operator (STORE_APPROVAL=required); the owner is told (issue 39.4). */
  status: z.enum(STORE_STATUSES),
});
export type StoreOwnerView = z.infer<typeof storeOwnerViewSchema>;

/**
 * A store's addresses (issue 16): labels print `shipFrom` as the sender (required before the
 * first label); returns go to `returnTo`, which is the ship-from address unless the store gave
 * a separate return address.
 */
export interface StoreAddresses {
  shipFrom: ShippingAddress | null;
  returnTo: ShippingAddress | null;
}

/** A store as shoppers see it; `id` is its name, which URLs carry URL-encoded (spec 2). */
export type StorePublic = z.infer<typeof storePublicSchema>;
