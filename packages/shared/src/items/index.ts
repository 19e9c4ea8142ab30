// Products and the catalog: items, their labels, search and lists.
export * from './items';
export * from './item-labels';
export * from './catalog';
export * from './catalog-schemas';
export * from './compare-names';
