import {
  fromCents,
  sumCents,
  type Cents,
  type Currency,
  type PayoutPeriod,
  type PayoutPreview,
  type PayoutPreviewLine,
  type PayoutRunStoreResult,
} from '@marketplace/shared';

/** A preview's line for one brand and currency, in cents (decision 052). */
export type PreviewCentsLine = Omit<PayoutPreviewLine, 'amount'> & { amountCents: Cents };

/** A run's result for one brand and currency, in cents. */
export type RunCentsResult = Omit<PayoutRunStoreResult, 'amount'> & { amountCents: Cents };

/**
 * GET /operator/payouts/preview's answer (and each period of /due): the brands' lines and, per
 * currency, what the run sends to how many brands, in the spec's dollars.
 */
export function previewView(period: PayoutPeriod, brands: PreviewCentsLine[]): PayoutPreview {
  const toPay = new Map<Currency, { cents: Cents[]; brands: Set<string> }>();
  for (const brand of brands) {
    if (brand.outcome !== 'TO_PAY') continue;
    const sum = toPay.get(brand.currency) ?? { cents: [], brands: new Set<string>() };
    sum.cents.push(brand.amountCents);
    sum.brands.add(brand.storeId);
    toPay.set(brand.currency, sum);
  }
  return {
    periodStart: period.start,
    periodEnd: period.end,
    brands: brands.map((brand) => ({
      storeId: brand.storeId,
      storeName: brand.storeName,
      currency: brand.currency,
      amount: fromCents(brand.amountCents),
      outcome: brand.outcome,
      reason: brand.reason,
    })),
    toPay: [...toPay].map(([currency, sum]) => ({
      currency,
      amount: fromCents(sumCents(...sum.cents)),
      brandCount: sum.brands.size,
    })),
  };
}

/**
 * A run's result as POST /operator/payouts/runs answers it, in the spec's dollars; the run's
 * row keeps its results in this shape (payout_runs.results), so GET /operator/payouts/runs
 * answers them as stored.
 */
export function runResultView(result: RunCentsResult): PayoutRunStoreResult {
  return {
    storeId: result.storeId,
    storeName: result.storeName,
    currency: result.currency,
    amount: fromCents(result.amountCents),
    outcome: result.outcome,
    reference: result.reference,
    reason: result.reason,
  };
}
