import { z } from 'zod';
import { TAX_TYPES } from './tax';

// The tax summary row of API answers as a zod schema, and its type (pages that show receipts
// import only the type, so they do not load zod).

export const taxLineViewSchema = z.object({
  /** 'GST 5 %', 'HST 13 %', 'QST 9.975 %', 'Sales tax 8.875 %'. */
  label: z.string(),
  /** GST, HST, PST, QST, RST; 'SALES' for a US state's and its localities' taxes together. */
  taxType: z.enum([...TAX_TYPES, 'SALES']),
  /** The rate shown, as a fraction. */
  rate: z.number(),
  amount: z.number(),
});

/** One row of the tax summary people read (checkout, success page, My Orders, receipts). */
export type TaxLineView = z.infer<typeof taxLineViewSchema>;
