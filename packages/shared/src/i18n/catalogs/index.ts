import type { Locale } from '../locales';
import type { Catalog } from '../translator';
import enCommon from './en/common.json';
import frCommon from './fr-CA/common.json';
import enHome from './en/home.json';
import frHome from './fr-CA/home.json';
import enCatalog from './en/catalog.json';
import frCatalog from './fr-CA/catalog.json';
import enProduct from './en/product.json';
import frProduct from './fr-CA/product.json';
import enBag from './en/bag.json';
import frBag from './fr-CA/bag.json';
import enCheckout from './en/checkout.json';
import frCheckout from './fr-CA/checkout.json';
import frValidation from './fr-CA/validation.json';
import frOrders from './fr-CA/orders.json';

/**
 * Every locale's catalog, raw (ICU text): English message (the id) → message in the locale,
 * in one file per area of the app (`<locale>/<area>.json`), so areas are translated apart.
 * English holds only its ICU messages (a plain message is its own English). The API compiles
 * these at start; the web app imports them compiled (`virtual:i18n-catalog/<locale>`, a Vite
 * plugin in apps/web/vite.config.ts reads the same folders), never through this module.
 */
export const CATALOG_PARTS: Record<Locale, Record<string, Catalog>> = {
  en: {
    common: enCommon,
    home: enHome,
    catalog: enCatalog,
    product: enProduct,
    bag: enBag,
    checkout: enCheckout,
  },
  'fr-CA': {
    common: frCommon,
    home: frHome,
    catalog: frCatalog,
    product: frProduct,
    bag: frBag,
    checkout: frCheckout,
    validation: frValidation,
    orders: frOrders,
  },
};

export const CATALOGS: Record<Locale, Catalog> = {
  en: Object.assign({}, ...Object.values(CATALOG_PARTS.en)),
  'fr-CA': Object.assign({}, ...Object.values(CATALOG_PARTS['fr-CA'])),
};
