/**
 * The store's languages (issue 19): English, the spec's exact wording, unprefixed in URLs;
 * Canadian French under /fr. Québec's Charter asks for French as easy to reach as English.
 */
export const LOCALES = ['en', 'fr-CA'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The first segment of a localized URL; English has none. */
export const LOCALE_PATH_PREFIX: Record<Locale, string> = { en: '', 'fr-CA': '/fr' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an Accept-Language header ("fr-CA,fr;q=0.9,en;q=0.8"):
 * any French → fr-CA, any English → en, by the header's preference; English otherwise.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        tag: tag.trim().toLowerCase(),
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (language === 'fr') return 'fr-CA';
    if (language === 'en') return 'en';
  }
  return DEFAULT_LOCALE;
}

/** "/fr/product/12" → { locale: 'fr-CA', path: '/product/12' }; "/about" → English. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = LOCALE_PATH_PREFIX[locale];
    if (!prefix) continue;
    if (pathname === prefix) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** The same page in another language: "/product/12" → "/fr/product/12", "/" → "/fr". */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_PATH_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}
