import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, createTranslator, type Locale, type Translator } from '@marketplace/shared';
import { CATALOGS } from '@marketplace/shared/i18n-catalogs';

// Issue 19: an error's message in the caller's language. The catalogs are compiled once, at
// start (decision 028); a message not in the catalog (one built with values, not yet an ICU
// message) stays English.
const translators = new Map<Locale, Translator>(
  LOCALES.map((locale) => [locale, createTranslator(locale, CATALOGS[locale], compileMessage)]),
);

/** The API's one translator per locale: errors, emails and documents all read through it. */
export function translatorFor(locale: Locale): Translator {
  return translators.get(locale)!;
}
