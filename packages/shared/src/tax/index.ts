export * from './tax-rates';
export * from './tax-class';
export * from './calculate-tax';
export * from './tax-lines';
