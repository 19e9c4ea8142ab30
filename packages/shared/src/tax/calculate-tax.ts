import type { Currency } from '../constants';
import { BadRequest } from '../errors';
import { allocateByRunningShare, asCents, parseCents, sumCents, type Cents } from '../money/cents';
import { REGIONS_BY_COUNTRY } from '../regions';
import type {
  TaxCalculation,
  TaxComponent,
  TaxDestination,
  TaxableLine,
  TaxableShipping,
  TaxedAmount,
} from './tax';
import {
  CLOTHING_RULES,
  LAUNCH_CITIES,
  TAX_RATES,
  type ClothingRule,
  type TaxRateRow,
} from './tax-rates';

export const UNKNOWN_TAX_REGION_MESSAGE =
  'We ship only to Canadian provinces and territories and US states.';

const PARTS_PER_MILLION = 1_000_000;

/** '0.09975' → 99750 parts per million, exactly: a rate never passes through a float. */
export function ratePartsPerMillion(rate: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) throw new Error(`A rate has at most six decimals: ${rate}`);
  return Number(match[1]) * PARTS_PER_MILLION + Number((match[2] ?? '').padEnd(6, '0'));
}

/**
 * The one rounding of sales tax: taxable cents × rate, half-up to the cent (decision 014).
 * Integer arithmetic in BigInt, so a line of any size rounds exactly.
 */
export function taxCents(taxableCents: number, ratePpm: number): Cents {
  const million = BigInt(PARTS_PER_MILLION);
  return asCents(Number((BigInt(taxableCents) * BigInt(ratePpm) + million / 2n) / million));
}

/** 'Montréal ' → 'MONTREAL', 'new-york' → 'NEW YORK', 'N.Y.C.' → 'NYC'. */
export function normalizeCityName(city: string): string {
  return city
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[.'’]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/**
 * The calendar day whose rates apply. Rates change at midnight; we take the UTC day of the
 * order's time, which can differ from the destination's local day for a few hours at most.
 */
function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const inForce = (row: { from: string; to: string | null }, day: string) =>
  row.from <= day && (row.to === null || day <= row.to);

/** The launch city's local jurisdiction the destination lies in, if any. */
export function launchCityOf(destination: TaxDestination): string | null {
  const city = normalizeCityName(destination.city);
  const match = LAUNCH_CITIES.find(
    (c) =>
      c.country === destination.country &&
      c.province === destination.province.toUpperCase() &&
      c.names.includes(city),
  );
  return match?.jurisdiction ?? null;
}

/**
 * The taxes of a destination on a day, from the rates table: in Canada the province's HST, or
 * the federal GST plus the province's own tax; in the US the statewide rate plus, in a launch
 * city, its local rate. Zero rates (no tax) are left out.
 */
export function taxRowsFor(destination: TaxDestination, date: Date): TaxRateRow[] {
  const region = destination.province.toUpperCase();
  const known = REGIONS_BY_COUNTRY[destination.country]?.some((r) => r.code === region);
  if (!known) throw new BadRequest(UNKNOWN_TAX_REGION_MESSAGE);
  const day = dayOf(date);
  const rows = (jurisdiction: string | null) =>
    TAX_RATES.filter((row) => row.jurisdiction === jurisdiction && inForce(row, day));

  const regional = rows(`${destination.country}-${region}`);
  const federal =
    destination.country === 'CA' && !regional.some((row) => row.taxType === 'HST')
      ? rows('CA')
      : [];
  const local = rows(launchCityOf(destination));
  return [...federal, ...regional, ...local].filter((row) => ratePartsPerMillion(row.rate) > 0);
}

function clothingRuleFor(
  row: TaxRateRow,
  line: TaxableLine,
  day: string,
): ClothingRule | undefined {
  return CLOTHING_RULES.find(
    (rule) =>
      rule.jurisdiction === row.jurisdiction &&
      rule.taxType === row.taxType &&
      rule.taxClasses.includes(line.taxClass) &&
      inForce(rule, day),
  );
}

/** One tax on one line, in cents: what part of the line it applies to, and at which rate. */
function lineTax(row: TaxRateRow, line: TaxableLine, day: string) {
  const unitCents = line.unitPriceCents;
  const lineCents = unitCents * line.quantity;
  const rule = clothingRuleFor(row, line, day);
  let ratePpm = ratePartsPerMillion(row.rate);
  let taxableCents = lineCents;
  switch (rule?.treatment.kind) {
    case 'exempt':
      taxableCents = 0;
      break;
    case 'exempt-below': {
      // The rules' thresholds are dollars as the tax authorities write them ('110', '150.00').
      const threshold = parseCents(rule.treatment.unitPrice);
      const exempt = rule.treatment.inclusive ? unitCents <= threshold : unitCents < threshold;
      if (exempt) taxableCents = 0;
      break;
    }
    case 'taxable-above':
      taxableCents = Math.max(0, unitCents - parseCents(rule.treatment.unitPrice)) * line.quantity;
      break;
    case 'rebated':
      ratePpm = ratePartsPerMillion(rule.treatment.rate);
      break;
    case undefined:
      break;
  }
  return { ratePpm, taxableCents, amountCents: taxCents(taxableCents, ratePpm) };
}

function component(row: TaxRateRow, ratePpm: number, taxableCents: number): TaxComponent {
  return {
    jurisdiction: row.jurisdiction,
    jurisdictionName: row.jurisdictionName,
    taxType: row.taxType,
    rate: ratePpm / PARTS_PER_MILLION,
    taxableAmountCents: asCents(taxableCents),
    amountCents: taxCents(taxableCents, ratePpm),
  };
}

function taxedAmount(reference: string, components: TaxComponent[]): TaxedAmount {
  return { reference, taxCents: sumCents(...components.map((c) => c.amountCents)), components };
}

/**
 * A parcel's shipping under one tax: where the jurisdiction taxes shipping, the charge is
 * taxed like the goods it carries, i.e. split in proportion to the parcel's goods taxed at each
 * rate (a rebated children's line at 5 %, an adult line at 13 %) and the goods it exempts.
 */
function shippingComponents(
  row: TaxRateRow,
  shippingCents: number,
  parcelLines: { lineCents: number; ratePpm: number; taxableCents: number }[],
): TaxComponent[] {
  const standardPpm = ratePartsPerMillion(row.rate);
  const goodsCents = parcelLines.reduce((sum, l) => sum + l.lineCents, 0);
  // A charge with no goods behind it is taxed as the jurisdiction's standard supply.
  if (goodsCents === 0) return [component(row, standardPpm, shippingCents)];

  const taxableByRate = new Map<number, number>();
  for (const line of parcelLines) {
    if (line.taxableCents === 0) continue;
    taxableByRate.set(line.ratePpm, (taxableByRate.get(line.ratePpm) ?? 0) + line.taxableCents);
  }
  if (taxableByRate.size === 0) return [component(row, standardPpm, 0)];
  const rates = [...taxableByRate.keys()].sort((a, b) => b - a);
  const taxedGoods = rates.map((rate) => taxableByRate.get(rate) ?? 0);
  const exemptGoods = goodsCents - taxedGoods.reduce((a, b) => a + b, 0);
  const shares = allocateByRunningShare(shippingCents, [...taxedGoods, exemptGoods]);
  return rates.map((rate, i) => component(row, rate, shares[i] ?? 0));
}

/**
 * The built-in sales tax of an order: every line and every parcel's shipping, per tax, at the
 * rates in force on `date` for the destination (issue 15). Per line and per tax component,
 * rounded half-up to the cent (decision 014), so a refunded line takes back exactly its tax.
 */
export function calculateTax(input: {
  currency: Currency;
  destination: TaxDestination;
  lines: readonly TaxableLine[];
  shipping: readonly TaxableShipping[];
  date: Date;
}): TaxCalculation {
  const day = dayOf(input.date);
  const rows = taxRowsFor(input.destination, input.date);

  const taxedLines = input.lines.map((line) => ({
    line,
    perRow: rows.map((row) => ({ row, ...lineTax(row, line, day) })),
  }));
  const lines = taxedLines.map(({ line, perRow }) =>
    taxedAmount(
      line.reference,
      perRow.map((t) => component(t.row, t.ratePpm, t.taxableCents)),
    ),
  );

  const shipping = input.shipping.map((parcel) => {
    const parcelLines = taxedLines.filter((t) => t.line.storeId === parcel.reference);
    const components = rows
      .filter((row) => row.shippingTaxed)
      .flatMap((row) =>
        shippingComponents(
          row,
          parcel.amountCents,
          parcelLines.map(({ line, perRow }) => {
            const t = perRow.find((p) => p.row === row);
            return {
              lineCents: line.unitPriceCents * line.quantity,
              ratePpm: t?.ratePpm ?? 0,
              taxableCents: t?.taxableCents ?? 0,
            };
          }),
        ),
      );
    return taxedAmount(parcel.reference, components);
  });

  return {
    currency: input.currency,
    lines,
    shipping,
    totalCents: sumCents(...[...lines, ...shipping].map((t) => t.taxCents)),
    providerReference: null,
  };
}
