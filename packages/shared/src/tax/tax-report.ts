import { z } from 'zod';
import { CURRENCIES } from '../constants';
import { TAX_TYPES } from './tax';

/** The tax report's words (issue 15): the CLI's and the operator route's. */
export const TAX_REPORT_MESSAGES = {
  date: 'Give dates as YYYY-MM-DD.',
  order: 'The period must end after it starts.',
} as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, TAX_REPORT_MESSAGES.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), TAX_REPORT_MESSAGES.date);

/**
 * A period of whole UTC days, `from` inclusive and `to` exclusive (2026-11-01 to 2026-12-01 is
 * November): consecutive periods never count a sale twice. `GET /api/operator/tax-report` and
 * `npm run report:tax` read the same fields.
 */
export const taxReportQuerySchema = z
  .object({
    from: day,
    to: day,
    format: z.enum(['json', 'csv']).default('json'),
  })
  .strict()
  .refine((query) => query.from < query.to, { message: TAX_REPORT_MESSAGES.order, path: ['to'] });
export type TaxReportQuery = z.output<typeof taxReportQuerySchema>;

const currency = z.enum(CURRENCIES);

/** One jurisdiction's tax of one type in one currency over the period. */
export const taxReportRowSchema = z.object({
  currency,
  /** 'CA', 'CA-ON', 'US-NY', 'US-NY-NEW YORK CITY', … */
  jurisdiction: z.string(),
  jurisdictionName: z.string(),
  taxType: z.enum(TAX_TYPES),
  /** What the sales it was charged on came to (placed in the period). */
  taxableAmount: z.number(),
  /** Charged on orders placed in the period. */
  collected: z.number(),
  /** Returned by refunds made in the period (whatever the order's date). */
  refunded: z.number(),
  /** collected − refunded: what the period adds to the liability. */
  net: z.number(),
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const taxReportTotalSchema = z.object({
  currency,
  collected: z.number(),
  refunded: z.number(),
  net: z.number(),
});
export type TaxReportTotal = z.infer<typeof taxReportTotalSchema>;

/** GET /api/operator/tax-report (and `npm run report:tax`'s JSON). */
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** By currency, jurisdiction and tax type. */
  rows: z.array(taxReportRowSchema),
  /** Per currency: amounts in two currencies are never added together. */
  totals: z.array(taxReportTotalSchema),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

const CSV_COLUMNS = [
  'currency',
  'jurisdiction',
  'jurisdictionName',
  'taxType',
  'taxableAmount',
  'collected',
  'refunded',
  'net',
] as const satisfies readonly (keyof TaxReportRow)[];

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const csvField = (value: string | number) => {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The report as CSV: one row per jurisdiction and tax type, then one TOTAL row per currency. */
export function taxReportCsv(report: TaxReport): string {
  const rows = report.rows.map((row) => CSV_COLUMNS.map((column) => csvField(row[column])));
  const totals = report.totals.map((total) => [
    total.currency,
    'TOTAL',
    '',
    '',
    '',
    csvField(total.collected),
    csvField(total.refunded),
    csvField(total.net),
  ]);
  return (
    [CSV_COLUMNS.join(','), ...[...rows, ...totals].map((row) => row.join(','))].join('\r\n') +
    '\r\n'
  );
}
