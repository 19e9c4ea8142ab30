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

/** Who answers privacy requests (the privacy policy names them; Law 25 asks for a contact). */
export const PRIVACY_CONTACT = {
  brand: 'Local Brands',
  email: 'privacy@localbrands.example',
} as const;

/** The periods the privacy policy promises. */
export const PRIVACY_RETENTION = {
  /** Canada's CRA asks for six years of records after the tax year; the IRS at most that. */
  taxRecordYears: 6,
  signInRecordDays: 90,
  /** PIPEDA and Law 25 both give 30 days to answer an access request. */
  answerWithinDays: 30,
} as const;

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
    {
      // Issue 39 item 11: spec 2 left this section empty; PIPEDA, Québec's Law 25 and the CCPA
      // each ask for what is collected, why, how long, who receives it, the reader's rights and
      // whom to ask.
      key: 'privacy',
      title: msg('Privacy Policy'),
      paragraphs: [
        {
          message: msg(
            'This policy explains what personal information {brand} collects, why, how long we keep it and how you can see, correct or delete it. It follows Canada’s Personal Information Protection and Electronic Documents Act (PIPEDA), Québec’s Act respecting the protection of personal information in the private sector (Law 25) and, for California residents, the California Consumer Privacy Act (CCPA).',
          ),
          values: { brand: PRIVACY_CONTACT.brand },
        },
        {
          message: msg(
            'What we collect: your name, user name, email address and password (kept only as a one-way hash); the addresses you ship to; your orders, returns and reviews; for brands, the store’s details and the bank details needed to pay it; and your IP address, kept for a short time to protect sign-in. Card numbers go to our payment provider: we keep only its reference to the payment.',
          ),
        },
        {
          message: msg(
            'Why: to run your account, take your payment, have the brands ship your orders, handle returns and refunds, pay the brands, calculate and remit sales tax, send the emails an order needs and keep the site secure. We do not sell or rent your personal information, and we do not use it for advertising.',
          ),
        },
        {
          message: msg(
            'Who receives it: the brand you buy from (your name, shipping address and what you ordered, to ship it), our payment provider, the carriers that deliver your parcels, and our hosting and email providers, each only what its task needs. Some of them may store information outside your province or country, under contracts that protect it as this policy does.',
          ),
        },
        {
          message: msg(
            'How long we keep it: your account and addresses while your account is open; orders, payments, refunds and payouts for {years} years after the year they took place, as tax law requires; sign-in protection records for at most {days} days. After that we delete the information or make it anonymous.',
          ),
          values: {
            years: String(PRIVACY_RETENTION.taxRecordYears),
            days: String(PRIVACY_RETENTION.signInRecordDays),
          },
        },
        {
          message: msg(
            'Your rights: you may ask to see the personal information we hold about you, to correct it, to have it deleted (except what the law requires us to keep, such as tax records) and to withdraw your consent. You can correct your name, email and addresses yourself in My Account. We answer within {days} days, free of charge, and never treat you differently for asking. California residents may also ask which categories of information we collected and shared in the past 12 months.',
          ),
          values: { days: String(PRIVACY_RETENTION.answerWithinDays) },
        },
        {
          message: msg(
            'Whom to contact: our person in charge of the protection of personal information answers at {email}. If a security incident puts your information at risk of serious harm, we tell you and the privacy authorities promptly. If our answer does not satisfy you, you may complain to the Office of the Privacy Commissioner of Canada, the Commission d’accès à l’information du Québec or the California Privacy Protection Agency.',
          ),
          values: { email: PRIVACY_CONTACT.email },
        },
      ],
    },
  ];
}

/** The sections' keys and titles (the same in every language): /about#privacy opens one. */
export const POLICY_SECTIONS: readonly PolicySection[] = policySections('en');
