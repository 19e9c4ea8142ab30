import {
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  RETURN_POLICY,
  SHIPPING_POLICY,
  msg,
  type Locale,
  type MessageValues,
} from '@marketplace/shared';

/** "$200 USD" (en) or "200 $ USD" (fr-CA): whole dollars stay whole, others show cents. */
export function formatDollars(amount: number, currency?: string, locale: Locale = 'en'): string {
  const text = Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
  const code = currency ? ` ${currency}` : '';
  return locale === 'en' ? `$${text}${code}` : `${text.replace('.', ',')} $${code}`;
}

/** 0.029 -> "2.9%" (en) or "2,9 %" (fr-CA), rounded to hide floating-point noise. */
export function formatPercent(rate: number, locale: Locale = 'en'): string {
  const value = String(Number((rate * 100).toFixed(2)));
  return locale === 'en' ? `${value}%` : `${value.replace('.', ',')} %`;
}

/** "30 cents", in both languages (Québec says cents too). */
export function formatCents(amount: number): string {
  return `${Math.round(amount * 100)} cents`;
}

/** A paragraph as its message (the English text, the catalog's id) and the values it names. */
export interface PolicyParagraph {
  message: string;
  values?: MessageValues;
}

export interface PolicySection {
  key: string;
  title: string;
  paragraphs: PolicyParagraph[];
}

const {
  freeShippingThreshold,
  flatRatePerBrand,
  sellerReimbursementThreshold,
  sellerReimbursementShare,
} = SHIPPING_POLICY;

/**
 * Spec 9's policy text, built from the shared constants so the numbers are stated once, with
 * the amounts written as the page's language writes them; `t` translates each message.
 */
export function policySections(locale: Locale): PolicySection[] {
  const dollars = (amount: number, currency?: string) => formatDollars(amount, currency, locale);
  const percent = (rate: number) => formatPercent(rate, locale);
  return [
    {
      key: 'delivery',
      title: msg('Delivery Policy'),
      paragraphs: [
        { message: msg('We ship to the USA and Canada.') },
        {
          message: msg(
            'Shipping is free on orders over {usdThreshold} in the USA and over {cadThreshold} in Canada. Below that, shipping costs {flatRate} per brand in your order, because each brand ships its own parcel.',
          ),
          values: {
            usdThreshold: dollars(freeShippingThreshold.USD, 'USD'),
            cadThreshold: dollars(freeShippingThreshold.CAD, 'CAD'),
            flatRate: dollars(flatRatePerBrand),
          },
        },
        {
          message: msg('Expedited shipping is available for an extra fee, calculated at checkout.'),
        },
        {
          message: msg(
            'Shipping labels are white-labelled through our shipping partner, so your parcel arrives from the brand you bought from.',
          ),
        },
      ],
    },
    {
      key: 'returns',
      title: msg('Return Policy'),
      paragraphs: [
        {
          message: msg(
            'You can return an item within {days} days of delivery. Returns are free within the continental USA and Canada.',
          ),
          values: { days: String(RETURN_POLICY.returnWindowDays) },
        },
        {
          message: msg(
            'Once the brand receives your return, your refund is processed within {days} working days.',
          ),
          values: { days: String(RETURN_POLICY.refundProcessingWorkingDays) },
        },
        {
          message: msg(
            'Please report faulty goods within {days} days of delivery. We cannot repair, replace or refund items owned for more than {months} months.',
          ),
          values: {
            days: String(RETURN_POLICY.faultyReportWindowDays),
            months: String(RETURN_POLICY.maxOwnershipMonths),
          },
        },
        {
          message: msg(
            'We do not offer size exchanges: return the item and order the size you need.',
          ),
        },
      ],
    },
    {
      key: 'terms',
      title: msg('Terms & Conditions'),
      paragraphs: [
        {
          message: msg(
            'Brands selling on the marketplace pay a commission of {totalRate} per sale: {paymentRate} + {paymentFixed} covers the card payment provider and {marketplaceRate} goes to the marketplace. Payouts are made every {days} days (bi-weekly).',
          ),
          values: {
            totalRate: percent(COMMISSION.totalRate),
            paymentRate: percent(COMMISSION.paymentFeeRate),
            paymentFixed: formatCents(COMMISSION.paymentFeeFixed),
            marketplaceRate: percent(COMMISSION.marketplaceRate),
            days: String(PAYOUT_PERIOD_DAYS),
          },
        },
        {
          message: msg(
            'When an order does not reach the free-shipping threshold, the shopper pays {flatRate} per brand and the brand covers the rest of the shipping cost. For orders under {cadThreshold} or {usdThreshold}, the marketplace reimburses the brand {share} of the shipping fee.',
          ),
          values: {
            flatRate: dollars(flatRatePerBrand),
            cadThreshold: dollars(sellerReimbursementThreshold.CAD, 'CAD'),
            usdThreshold: dollars(sellerReimbursementThreshold.USD, 'USD'),
            share: percent(sellerReimbursementShare),
          },
        },
        {
          message: msg(
            'The first {freeListings} product listings are free; each listing after that costs {fee}. Each listing can show up to {photos} photos.',
          ),
          values: {
            freeListings: String(LISTING_POLICY.freeListings),
            fee: formatCents(LISTING_POLICY.feePerListingAfterFree),
            photos: String(LISTING_POLICY.maxPhotosPerPost),
          },
        },
      ],
    },
    {
      key: 'cookies',
      title: msg('Cookie Policy'),
      paragraphs: [
        {
          message: msg(
            'We keep only what the site needs to work in your browser: your sign-in session, the city you chose and whether you closed the notice at the top of the page. We do not use advertising or tracking cookies.',
          ),
        },
      ],
    },
    { key: 'privacy', title: msg('Privacy Policy'), paragraphs: [] },
  ];
}

/** The sections' keys and titles (the same in every language): /about#privacy opens one. */
export const POLICY_SECTIONS: readonly PolicySection[] = policySections('en');
