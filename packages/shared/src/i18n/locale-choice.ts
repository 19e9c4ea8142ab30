import { isLocale, type Locale } from './locales';

/**
 * The language a visitor chose with the switch (issue 19), remembered on the device in a
 * cookie rather than localStorage: the server reads it to decide whether `/` goes to `/fr`.
 */
export const LOCALE_COOKIE = 'locale';
/** A year: a language is chosen once. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The locale saved in a Cookie header ("a=1; locale=fr-CA"), or null when none is. */
export function localeFromCookieHeader(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return isLocale(value) ? value : null;
  }
  return null;
}
