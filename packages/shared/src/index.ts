// What the API and the web app share, by area: each folder's index names its files. The files
// here at the top are what every area uses (spec constants, errors, messages, plain text).
export * from './constants';
export * from './errors';
export * from './error-schemas';
export * from './messages';
export * from './text';
export * from './site-path';
export * from './regions';
export * from './document-messages';
export * from './email-messages';
export * from './i18n/index';
export * from './money/index';
export * from './users/index';
export * from './items/index';
export * from './stores/index';
export * from './reviews/index';
export * from './orders/index';
export * from './returns/index';
export * from './tax/index';
export * from './payouts/index';
export * from './operator/index';
