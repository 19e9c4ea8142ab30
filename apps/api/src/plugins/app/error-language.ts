import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  LOCALES,
  createTranslator,
  negotiateLocale,
  translateText,
  type ApiErrorBody,
  type FilledMessages,
  type Locale,
  type Translator,
} from '@marketplace/shared';
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

/**
 * The body in the language `Accept-Language` prefers (English when it names none of ours). The
 * web app sends its page's language, so an English page reads English errors whatever the
 * browser prefers.
 */
export function inCallerLanguage(
  body: ApiErrorBody,
  acceptLanguage: string | undefined,
  filled?: FilledMessages,
): ApiErrorBody {
  const locale = negotiateLocale(acceptLanguage);
  if (locale === 'en') return body;
  const { t } = translatorFor(locale);
  const inLocale = (text: string) => translateText(t, text, filled);
  const translated: ApiErrorBody = { message: inLocale(body.message) };
  if (body.fieldErrors)
    translated.fieldErrors = Object.fromEntries(
      Object.entries(body.fieldErrors).map(([field, message]) => [field, inLocale(message)]),
    );
  return translated;
}
