import { z } from 'zod';
import { msg } from '../i18n/msg';
import { LOCALES, type Locale } from '../i18n/locales';
import { PRODUCT_TEXT_MAX } from '../constants';
import { plainText } from '../text';
import { groupedDigits } from '../money/numbers';

// Brand content in French (issue 19 item 4): a product's name, description, materials and care
// (issue 39 item 12) and a store's description may be written in French beside English.
// Shoppers read their language's text when the brand wrote it, the other language's otherwise
// (decision 030).

/** The brand's French fields: their form labels and their rules' messages. */
export const FRENCH_CONTENT_MESSAGES = {
  nameLabel: msg('Name (French)'),
  descriptionLabel: msg('Description (French)'),
  materialsLabel: msg('Materials (French)'),
  careLabel: msg('Care (French)'),
  hint: msg('Optional. Shoppers reading in French see it; English is shown when it is empty.'),
  nameMax: msg('Name (French) must be at most 120 characters.'),
  descriptionMax: msg(
    `Description (French) must be at most ${groupedDigits(PRODUCT_TEXT_MAX.description)} characters.`,
  ),
  materialsMax: msg(
    `Materials (French) must be at most ${groupedDigits(PRODUCT_TEXT_MAX.materials)} characters.`,
  ),
  careMax: msg(`Care (French) must be at most ${groupedDigits(PRODUCT_TEXT_MAX.care)} characters.`),
  storeDescriptionMax: msg('Description (French) must be at most 1,000 characters.'),
} as const;

const F = FRENCH_CONTENT_MESSAGES;

/**
 * An optional French text with its English field's rules. Left out: unchanged on an edit (a
 * client that does not know the field keeps the brand's French); null or blank: none.
 */
const frenchText = (label: string, max: number, tooLong: string, multiline: boolean) =>
  plainText(label, { multiline })
    .max(max, tooLong)
    .nullish()
    .transform((text) => (text === undefined ? undefined : text || null));

/** The French fields of the product form (POST and PUT /item). */
export const itemFrenchFields = {
  nameFr: frenchText(F.nameLabel, 120, F.nameMax, false),
  descriptionFr: frenchText(
    F.descriptionLabel,
    PRODUCT_TEXT_MAX.description,
    F.descriptionMax,
    true,
  ),
  materialsFr: frenchText(F.materialsLabel, PRODUCT_TEXT_MAX.materials, F.materialsMax, true),
  careFr: frenchText(F.careLabel, PRODUCT_TEXT_MAX.care, F.careMax, true),
};

/** The French field of the store form (POST and PUT /store). */
export const storeFrenchFields = {
  descriptionFr: frenchText(F.descriptionLabel, 1000, F.storeDescriptionMax, true),
};

/**
 * `?lang=fr-CA` on the public catalog and store reads: the language of the brand's texts in
 * the answer (English when absent). A query parameter rather than Accept-Language, so an
 * answer's URL says its language: shared caches, ETags and the browser's cache keep the two
 * apart, and an English page reads English whatever the browser prefers (decision 030).
 */
export const contentLanguageQuerySchema = z.object({
  lang: z.enum(LOCALES).default('en'),
});

/**
 * The text a reader of `locale` sees: the brand's French for French readers, English for the
 * others, and the other language's when the brand left that one empty.
 */
export function localizedText(
  english: string,
  french: string | null | undefined,
  locale: Locale,
): string {
  const fr = french ?? '';
  if (locale === 'fr-CA') return fr || english;
  return english || fr;
}
