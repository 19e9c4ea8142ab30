import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  localeFromCookieHeader,
  localizePath,
  negotiateLocale,
  splitLocalePath,
  type Locale,
} from '@marketplace/shared';

/** The language chosen on this device with the switch, or null before any choice. */
export function readSavedLocale(): Locale | null {
  return typeof document === 'undefined' ? null : localeFromCookieHeader(document.cookie);
}

export function saveLocaleChoice(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** The browser's own preference among our languages (navigator.languages, in order). */
export function browserLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return negotiateLocale(languages.filter(Boolean).join(','));
}

/**
 * A first visit to `/` without a saved choice follows the browser's language: the French
 * home page's address when that is French, else null (stay). The server does the same for
 * the pages it renders; this is for a page the browser renders itself.
 */
export function firstVisitRedirect(pathname: string): string | null {
  if (pathname !== '/' || readSavedLocale()) return null;
  const locale = browserLocale();
  return locale === 'en' ? null : localizePath('/', locale);
}

/** The address of the page shown now (path, query and fragment) in another language. */
export function pageInLocale(
  location: { pathname: string; search: string; hash: string },
  locale: Locale,
): string {
  const { path } = splitLocalePath(location.pathname);
  return `${localizePath(path, locale)}${location.search}${location.hash}`;
}
