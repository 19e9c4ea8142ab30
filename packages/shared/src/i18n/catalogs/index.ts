import type { Locale } from '../locales';
import type { Catalog } from '../translator';
import enAbout from './en/about.json';
import enAccount from './en/account.json';
import enAuth from './en/auth.json';
import enBag from './en/bag.json';
import enCatalog from './en/catalog.json';
import enCheckout from './en/checkout.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enEmails from './en/emails.json';
import enHome from './en/home.json';
import enLayout from './en/layout.json';
import enOperator from './en/operator.json';
import enOrders from './en/orders.json';
import enProduct from './en/product.json';
import enReviews from './en/reviews.json';
import enSeller from './en/seller.json';
import enStores from './en/stores.json';
import frAbout from './fr-CA/about.json';
import frAccount from './fr-CA/account.json';
import frAuth from './fr-CA/auth.json';
import frBag from './fr-CA/bag.json';
import frBrandContent from './fr-CA/brand-content.json';
import frCatalog from './fr-CA/catalog.json';
import frCheckout from './fr-CA/checkout.json';
import frCommon from './fr-CA/common.json';
import frDocuments from './fr-CA/documents.json';
import frEmails from './fr-CA/emails.json';
import frHome from './fr-CA/home.json';
import frLayout from './fr-CA/layout.json';
import frOperator from './fr-CA/operator.json';
import frOrders from './fr-CA/orders.json';
import frProduct from './fr-CA/product.json';
import frReviews from './fr-CA/reviews.json';
import frSeller from './fr-CA/seller.json';
import frStores from './fr-CA/stores.json';
import frValidation from './fr-CA/validation.json';

/**
 * Every locale's catalog, raw (ICU text): English message (the id) → message in the locale,
 * in one file per area of the app (`<locale>/<area>.json`), so areas are translated apart.
 * English holds only its ICU messages (a plain message is its own English). The API compiles
 * these at start; the web app imports them compiled (`virtual:i18n-catalog/<locale>`, a Vite
 * plugin in apps/web/vite.config.ts reads the same folders), never through this module.
 */
export const CATALOG_PARTS: Record<Locale, Record<string, Catalog>> = {
  en: {
    about: enAbout,
    account: enAccount,
    auth: enAuth,
    bag: enBag,
    catalog: enCatalog,
    checkout: enCheckout,
    common: enCommon,
    documents: enDocuments,
    emails: enEmails,
    home: enHome,
    layout: enLayout,
    operator: enOperator,
    orders: enOrders,
    product: enProduct,
    reviews: enReviews,
    seller: enSeller,
    stores: enStores,
  },
  'fr-CA': {
    about: frAbout,
    account: frAccount,
    auth: frAuth,
    bag: frBag,
    'brand-content': frBrandContent,
    catalog: frCatalog,
    checkout: frCheckout,
    common: frCommon,
    documents: frDocuments,
    emails: frEmails,
    home: frHome,
    layout: frLayout,
    operator: frOperator,
    orders: frOrders,
    product: frProduct,
    reviews: frReviews,
    seller: frSeller,
    stores: frStores,
    validation: frValidation,
  },
};

export const CATALOGS: Record<Locale, Catalog> = {
  en: Object.assign({}, ...Object.values(CATALOG_PARTS.en)),
  'fr-CA': Object.assign({}, ...Object.values(CATALOG_PARTS['fr-CA'])),
};
