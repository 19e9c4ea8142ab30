import type { z } from 'zod';
import type { storePublicSchema } from './store-schemas';

export const STORE_MESSAGES = {
  nameRequired: 'Store name is required.',
  nameTooLong: 'Store name must be at most 60 characters.',
  city: 'Choose one of our cities.',
  nameTaken: 'A store with this name already exists.',
  /** Another store's name differs only by look-alike letters (Cyrillic о for o, rn for m). */
  nameLooksTaken: 'A store with a name that looks the same already exists.',
  alreadyOpen: 'You already have a store.',
  noStore: 'Open a store first.',
  invalidIdentifier: 'Invalid store identifier.',
} as const;

/** A store as shoppers see it; `id` is its name, which URLs carry URL-encoded (spec 2). */
export type StorePublic = z.infer<typeof storePublicSchema>;
