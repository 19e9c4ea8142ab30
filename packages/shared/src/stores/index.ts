// Stores: the brand's public page, its profile and its French content.
export * from './stores';
export * from './store-schemas';
export * from './brand-content';
