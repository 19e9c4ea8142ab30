import { z } from 'zod';
import type { ShippingAddress } from './checkout';
import { CITIES } from './constants';
import { STORE_MESSAGES } from './stores';
import { plainText } from './text';

// The store rules as zod schemas, apart from stores.ts so that the pages which show stores do
// not load zod.

/** POST /store and PUT /store fields (JSON, or multipart text fields beside a thumbnail file). */
export const storeInputSchema = z
  .object({
    name: plainText('Store name', { required: STORE_MESSAGES.nameRequired })
      .min(1, STORE_MESSAGES.nameRequired)
      .max(60, STORE_MESSAGES.nameTooLong),
    description: plainText('Description', { multiline: true })
      .max(1000, 'Description must be at most 1,000 characters.')
      .default(''),
    city: z.enum(CITIES, STORE_MESSAGES.city),
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
});

/**
 * A store's addresses (issue 16): labels print `shipFrom` as the sender (required before the
 * first label); returns go to `returnTo`, which is the ship-from address unless the store gave
 * a separate return address.
 */
export interface StoreAddresses {
  shipFrom: ShippingAddress | null;
  returnTo: ShippingAddress | null;
}
