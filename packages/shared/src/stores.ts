import { z } from 'zod';
import { CITIES, type City } from './constants';

export const STORE_MESSAGES = {
  nameRequired: 'Store name is required.',
  nameTooLong: 'Store name must be at most 60 characters.',
  city: 'Choose one of our cities.',
  nameTaken: 'A store with this name already exists.',
  alreadyOpen: 'You already have a store.',
  noStore: 'Open a store first.',
  invalidIdentifier: 'Invalid store identifier.',
} as const;

/** POST /store and PUT /store fields (JSON, or multipart text fields beside a thumbnail file). */
export const storeInputSchema = z
  .object({
    name: z.string().trim().min(1, STORE_MESSAGES.nameRequired).max(60, STORE_MESSAGES.nameTooLong),
    description: z
      .string()
      .trim()
      .max(1000, 'Description must be at most 1,000 characters.')
      .default(''),
    city: z.enum(CITIES, STORE_MESSAGES.city),
  })
  .strict();
export type StoreInput = z.input<typeof storeInputSchema>;

/** A store as shoppers see it; `id` is its name, which URLs carry URL-encoded (spec 2). */
export interface StorePublic {
  id: string;
  name: string;
  description: string;
  thumbnail: string | null;
  city: City;
  productCount: number;
}

export const storeListQuerySchema = z.object({ city: z.enum(CITIES).optional() });
export const storeIdParamsSchema = z.object({
  storeId: z.string().trim().min(1, STORE_MESSAGES.invalidIdentifier).max(60),
});
