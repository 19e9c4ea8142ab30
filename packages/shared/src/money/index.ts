// Money: amounts in cents and dollars, formatting, numbers.
export * from './cents';
export * from './money';
export * from './numbers';
