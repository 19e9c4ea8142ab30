import { z } from 'zod';
import { TAX_TYPES } from './tax';

// The tax summary row of API answers as a zod schema (the type is in tax.ts, which pages that
// show receipts use without loading zod).

export const taxLineViewSchema = z.object({
  /** 'GST 5 %', 'HST 13 %', 'QST 9.975 %', 'Sales tax 8.875 %'. */
  label: z.string(),
  /** GST, HST, PST, QST, RST; 'SALES' for a US state's and its localities' taxes together. */
  taxType: z.enum([...TAX_TYPES, 'SALES']),
  /** The rate shown, as a fraction. */
  rate: z.number(),
  amount: z.number(),
});
