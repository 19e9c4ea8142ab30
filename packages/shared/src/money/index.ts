// Money: amounts in cents and dollars, formatting, numbers.
export * from './money';
export * from './numbers';
