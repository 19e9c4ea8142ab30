import type { Locale } from '../locales';
import type { Catalog } from '../translator';
import enCommon from './en/common.json';
import enLayout from './en/layout.json';
import frCommon from './fr-CA/common.json';
import frLayout from './fr-CA/layout.json';

/**
 * Every locale's catalog, raw (ICU text): English message (the id) → message in the locale,
 * in one file per area of the app (`<locale>/<area>.json`), so areas are translated apart.
 * English holds only its ICU messages (a plain message is its own English). The API compiles
 * these at start; the web app imports them compiled (`virtual:i18n-catalog/<locale>`, a Vite
 * plugin in apps/web/vite.config.ts reads the same folders), never through this module.
 */
export const CATALOG_PARTS: Record<Locale, Record<string, Catalog>> = {
  en: { common: enCommon, layout: enLayout },
  'fr-CA': { common: frCommon, layout: frLayout },
};

export const CATALOGS: Record<Locale, Catalog> = {
  en: Object.assign({}, ...Object.values(CATALOG_PARTS.en)),
  'fr-CA': Object.assign({}, ...Object.values(CATALOG_PARTS['fr-CA'])),
};
