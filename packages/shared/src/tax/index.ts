// Sales tax (issue 15): rates, classes, the calculation, its lines, the report and messages.
export * from './tax';
export * from './tax-schemas';
export * from './tax-rates';
export * from './tax-class';
export * from './calculate-tax';
export * from './tax-lines';
export * from './tax-report';
export * from './tax-messages';
export * from './tax-provider-messages';
