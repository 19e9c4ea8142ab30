import { TAX_TYPES, type TaxCalculation, type TaxComponent, type TaxedAmount } from './tax';
import type { TaxLineView } from './tax-schemas';
import { fromCents, sumCents, type Cents } from '../money/cents';
import { msg } from '../i18n/msg';
import type { Locale } from '../i18n/locales';

const PARTS_PER_MILLION = 1_000_000;
const US_TAX_TYPES = new Set<TaxComponent['taxType']>(['STATE', 'LOCAL']);

/**
 * The rate as people read it: 0.09975 → '9.975%', 0.05 → '5%' in English; '9,975 %' in French,
 * whose % follows a no-break space (as Intl's fr-CA percent writes it).
 */
export function formatTaxRate(rate: number, locale: Locale = 'en'): string {
  const percent = (Math.round(rate * PARTS_PER_MILLION) / 10_000).toFixed(4).replace(/\.?0+$/, '');
  return locale === 'en' ? `${percent}%` : `${percent.replace('.', ',')}\u00a0%`;
}

/** Each tax's name as people read it: English keeps the code (GST), French its own (TPS). */
const TAX_NAMES = {
  GST: msg('GST'),
  HST: msg('HST'),
  PST: msg('PST'),
  QST: msg('QST'),
  RST: msg('RST'),
  STATE: msg('State tax'),
  LOCAL: msg('Local tax'),
  SALES: msg('Sales tax'),
} satisfies Record<TaxLineView['taxType'], string>;

/** A tax's name alone, in the reader's language ('HST' / 'TVH', 'State tax' / 'Taxe d’État'). */
export function taxNameIn(taxType: TaxLineView['taxType'], t: (message: string) => string): string {
  return t(TAX_NAMES[taxType]);
}

const labelOf = (taxType: TaxLineView['taxType'], rate: number) =>
  `${TAX_NAMES[taxType]} ${formatTaxRate(rate)}`;

/**
 * A tax row's label in the reader's language: 'GST 5%' and 'QST 9.975%' in English (as
 * `TaxLineView.label` says it), 'TPS 5 %' and 'TVQ 9,975 %' in French (a no-break space before the %).
 */
export function taxLabelIn(
  locale: Locale,
  view: Pick<TaxLineView, 'taxType' | 'rate'>,
  t: (message: string) => string,
): string {
  return `${t(TAX_NAMES[view.taxType])} ${formatTaxRate(view.rate, locale)}`;
}

/** Exempt components record the exemption; they are not a tax anyone pays. */
const applies = (c: TaxComponent) => c.taxableAmountCents > 0;

/** A row of the summary before it is written: its amount still in cents. */
interface TaxRow {
  taxType: TaxLineView['taxType'];
  rate: number;
  amountCents: Cents;
}

/**
 * One taxed amount's rows before merging: each Canadian tax as it is, and a US line's state
 * and local taxes as one 'Sales tax' at their combined rate (8.875 % in New York City).
 */
function rowsOf(components: readonly TaxComponent[]): TaxRow[] {
  const taxed = components.filter(applies);
  const us = taxed.filter((c) => US_TAX_TYPES.has(c.taxType));
  const rows: TaxRow[] = taxed
    .filter((c) => !US_TAX_TYPES.has(c.taxType))
    .map((c) => ({ taxType: c.taxType, rate: c.rate, amountCents: c.amountCents }));
  if (us.length > 0) {
    // Each jurisdiction's rate once, even when a group holds several lines' components.
    const rates = new Map(us.map((c) => [c.jurisdiction, Math.round(c.rate * PARTS_PER_MILLION)]));
    const ratePpm = [...rates.values()].reduce((a, b) => a + b, 0);
    rows.push({
      taxType: 'SALES',
      rate: ratePpm / PARTS_PER_MILLION,
      amountCents: sumCents(...us.map((c) => c.amountCents)),
    });
  }
  return rows;
}

const typeOrder = (taxType: TaxLineView['taxType']) =>
  taxType === 'SALES' ? TAX_TYPES.length : TAX_TYPES.indexOf(taxType);

/**
 * The tax summary people read (checkout, success page, My Orders, receipts): one row per tax
 * type and rate, amounts summed in cents. Takes a calculation, its taxed lines and parcels, or
 * the components of one taxed amount (or of one order, whose US components share a place).
 */
export function taxLineViews(
  source: TaxCalculation | readonly TaxedAmount[] | readonly TaxComponent[],
): TaxLineView[] {
  const groups: (readonly TaxComponent[])[] =
    'lines' in source
      ? [...source.lines, ...source.shipping].map((t) => t.components)
      : source.length > 0 && 'components' in source[0]!
        ? (source as readonly TaxedAmount[]).map((t) => t.components)
        : [source as readonly TaxComponent[]];

  const merged = new Map<string, TaxRow>();
  for (const row of groups.flatMap(rowsOf)) {
    const ratePpm = Math.round(row.rate * PARTS_PER_MILLION);
    const key = `${row.taxType}:${ratePpm}`;
    const entry = merged.get(key);
    merged.set(key, {
      taxType: row.taxType,
      rate: ratePpm / PARTS_PER_MILLION,
      amountCents: sumCents(entry?.amountCents ?? 0, row.amountCents),
    });
  }
  // The JSON edge: each row's amount written in dollars, once.
  return [...merged.values()]
    .map(({ taxType, rate, amountCents }) => ({
      label: labelOf(taxType, rate),
      taxType,
      rate,
      amount: fromCents(amountCents),
    }))
    .sort((a, b) => typeOrder(a.taxType) - typeOrder(b.taxType) || b.rate - a.rate);
}
