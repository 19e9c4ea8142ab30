import { SHIPPING_POLICY, type Currency } from '../constants';
import { fromCents, toCents } from '../money/cents';

export const SHIPPING_METHODS = ['STANDARD', 'EXPRESS'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethod = 'STANDARD';

/**
 * Spec 9 leaves express "for an extra fee, calculated at checkout"; DESIGN 4 makes it a
 * configurable fee per brand. This is its default, in the order's currency.
 */
export const DEFAULT_EXPRESS_FEE_PER_BRAND = 15;

export interface ShippingQuote {
  /** Sum of the brands' item subtotals. */
  subtotal: number;
  /** What the buyer pays for shipping, all brands together. */
  shipping: number;
  total: number;
  /** The free-shipping threshold was met (standard shipping costs nothing). */
  freeShipping: boolean;
  /** What each brand's parcel costs the buyer, in the order the brands were given. */
  perBrand: number[];
}

/**
 * Spec 9's shipping policy: free standard shipping for orders of at least $200 (USD) or
 * $300 (CAD), otherwise $10 per brand; express adds its fee per brand either way.
 * One brand ships one parcel, so an order from three brands pays up to three fees.
 */
export function quoteShipping(input: {
  currency: Currency;
  /** Each brand's item subtotal; brands with nothing in the order are left out. */
  brandSubtotals: readonly number[];
  method?: ShippingMethod;
  expressFeePerBrand?: number;
  /**
   * Issue 16: each brand's express price from the shipping provider's express rate for its
   * parcel, in the order given; a missing one (null) is the configured fee.
   */
  expressRatesPerBrand?: readonly (number | null)[];
}): ShippingQuote {
  const { currency, brandSubtotals, method = DEFAULT_SHIPPING_METHOD } = input;
  const configuredFee = input.expressFeePerBrand ?? DEFAULT_EXPRESS_FEE_PER_BRAND;
  const expressFee = (index: number) => input.expressRatesPerBrand?.[index] ?? configuredFee;
  const subtotalCents = brandSubtotals.reduce((sum, amount) => sum + toCents(amount), 0);
  const freeShipping = subtotalCents >= toCents(SHIPPING_POLICY.freeShippingThreshold[currency]);
  const perBrandCents = brandSubtotals.map(
    (_subtotal, index) =>
      (freeShipping ? 0 : toCents(SHIPPING_POLICY.flatRatePerBrand)) +
      (method === 'EXPRESS' ? toCents(expressFee(index)) : 0),
  );
  const shippingCents = perBrandCents.reduce((sum, cents) => sum + cents, 0);
  return {
    subtotal: fromCents(subtotalCents),
    shipping: fromCents(shippingCents),
    total: fromCents(subtotalCents + shippingCents),
    freeShipping,
    perBrand: perBrandCents.map(fromCents),
  };
}
