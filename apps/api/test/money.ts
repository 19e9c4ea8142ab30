import { fromCents } from '@marketplace/shared';

/**
 * A row read straight from a table whose money columns are cents (decision 052), with its
 * `amount` in the API's dollars again: tests keep asserting the figures the spec writes.
 */
export const inDollars = <Row extends { amount: number }>(row: Row): Row => ({
  ...row,
  amount: fromCents(row.amount),
});

type Dollars<Row> = {
  [K in keyof Row as K extends `${infer Name}Cents` ? Name : K]: K extends `${string}Cents`
    ? number
    : Row[K];
};

/**
 * A row of the orders tables (keys such as `totalCents`, decision 052) as the spec writes its
 * figures: each `…Cents` key becomes the plain name in dollars (`total: 289.8`).
 */
export function centsAsDollars<Row extends object>(row: Row): Dollars<Row> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) =>
      key.endsWith('Cents') && typeof value === 'number'
        ? [key.slice(0, -'Cents'.length), fromCents(value)]
        : [key, value],
    ),
  ) as Dollars<Row>;
}
