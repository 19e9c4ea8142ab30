import type { Locale } from '../locales';
import type { Catalog } from '../translator';
import en from './en.json';
import frCA from './fr-CA.json';

/**
 * Every locale's catalog, raw (ICU text): English message (the id) → message in the locale.
 * English holds only its ICU messages (a plain message is its own English). The API compiles
 * these at start; the web app imports them compiled (`virtual:i18n-catalog/<locale>`, a Vite
 * plugin in apps/web/vite.config.ts), never through this module.
 */
export const CATALOGS: Record<Locale, Catalog> = { en, 'fr-CA': frCA };

/** The catalog files, for the Vite plugin that compiles them. */
export const CATALOG_FILES: Record<Locale, string> = { en: 'en.json', 'fr-CA': 'fr-CA.json' };
