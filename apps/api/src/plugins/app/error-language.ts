import {
  negotiateLocale,
  translateText,
  type ApiErrorBody,
  type FilledMessages,
} from '@marketplace/shared';
import { translatorFor } from '../../lib/translator';

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
