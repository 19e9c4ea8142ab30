import { fromCents } from '@marketplace/shared';

/**
 * A row read straight from a table whose money columns are cents (decision 052), with its
 * `amount` in the API's dollars again: tests keep asserting the figures the spec writes.
 */
export const inDollars = <Row extends { amount: number }>(row: Row): Row => ({
  ...row,
  amount: fromCents(row.amount),
});
