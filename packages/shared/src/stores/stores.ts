import { msg } from '../i18n/msg';

/** The longest shipping or return note a store may write (issue 39.3). */
export const STORE_NOTES_MAX = 1000;

export const STORE_MESSAGES = {
  nameRequired: msg('Store name is required.'),
  nameTooLong: msg('Store name must be at most 60 characters.'),
  city: msg('Choose one of our cities.'),
  nameTaken: msg('A store with this name already exists.'),
  /** Another store's name differs only by look-alike letters (Cyrillic о for o, rn for m). */
  nameLooksTaken: msg('A store with a name that looks the same already exists.'),
  alreadyOpen: msg('You already have a store.'),
  noStore: msg('Open a store first.'),
  invalidIdentifier: msg('Invalid store identifier.'),
  /** A multipart form's address field is JSON text: this says when it is not (issue 16). */
  addressJson: (what: string) => `${what} must be an address, sent as a JSON object.`,
  /** 409 before the first label: where the seller adds it. */
  shipFromMissing: msg(
    'Add your ship-from address first: Admin Dashboard → Settings → Ship-from address. Labels print it as the sender.',
  ),
  /** The dashboard's prompt for a store without one. */
  shipFromPrompt: msg(
    'Your store has no ship-from address yet. Add it in Settings before you print your first shipping label.',
  ),
  addressesSaved: msg('Store addresses saved.'),
  profileSaved: msg('Store profile saved.'),
  shippingNotesTooLong: msg('Shipping notes must be at most 1,000 characters.'),
  returnNotesTooLong: msg('Return notes must be at most 1,000 characters.'),
  saveFailed: msg('Failed to save the store.'),
} as const;
