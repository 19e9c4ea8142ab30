import type { Locale } from '@marketplace/shared';

/**
 * The brands' texts (product names, descriptions, store descriptions) come in the page's
 * language: French pages ask the catalog with `lang=fr-CA` (decision 030). English requests
 * carry no parameter and their query keys no locale, so they are exactly as before.
 */
export const contentLang = (locale: Locale): Locale | undefined =>
  locale === 'en' ? undefined : locale;

/** The locale's part of a query key: nothing for English, the locale otherwise. */
export const localeKeyPart = (locale: Locale): [] | [Locale] => (locale === 'en' ? [] : [locale]);
