import type { ReactNode } from 'react';
import { useI18n, type I18n } from '../../../i18n/i18n-context';
import { sellerFigures } from '../utils/policy-figures';
import '../seller.css';

type Figures = ReturnType<typeof sellerFigures>;

const headlineFigures = (F: Figures, t: I18n['t']) => [
  {
    value: F.commission,
    label: t('commission per sale'),
    note: t('No monthly fee, no setup fee.'),
  },
  {
    value: String(F.freeListings),
    label: t('free listings'),
    note: t('Then {fee} per listing.', { fee: F.listingFee }),
  },
  {
    value: String(F.photosPerProduct),
    label: t('photos per product'),
    note: t('Show every angle.'),
  },
  {
    value: F.payoutSpan,
    label: t('between payouts'),
    note: t('Paid out {period}.', { period: F.payoutPeriod }),
  },
];

const steps = (F: Figures, t: I18n['t']) => [
  {
    title: t('Open your store'),
    text: t('Name your brand, tell its story and pick your city.'),
  },
  {
    title: t('List your pieces'),
    text: t('Prices, sizes, colours and up to {count} photos per product.', {
      count: F.photosPerProduct,
    }),
  },
  {
    title: t('Accept and ship'),
    text: t('Accept each order, print a white-labelled shipping label and send it off.'),
  },
  {
    title: t('Get paid'),
    text: t('Your sales, less commission, are paid out {period}.', { period: F.payoutPeriod }),
  },
];

interface SellerLandingProps {
  /** The call to action for the visitor's situation (log in, open a store, or go to it). */
  children: ReactNode;
}

/** /seller-home: why and how to sell here, with spec 9's policy numbers. */
export function SellerLanding({ children }: SellerLandingProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const F = sellerFigures(i18n);
  return (
    <div className="seller-home">
      <section className="seller-hero" aria-labelledby="seller-hero-title">
        <div className="container">
          <p className="eyebrow">{t('For independent brands')}</p>
          <h1 id="seller-hero-title" className="page-title">
            {t('Sell With Us')}
          </h1>
          <p className="seller-hero__tagline">
            {t('Your label. Your city. Shoppers who care where clothes come from.')}
          </p>
          <p className="lead">
            {t(
              'We are a marketplace for independent and local clothing brands only. Open a store in minutes, list your pieces for free and reach shoppers looking for makers in their own city.',
            )}
          </p>
          {/* An in-page anchor: it keeps the page's path (and its /fr prefix). */}
          <a href="#open-store" className="btn btn-primary">
            {t('Start selling')}
          </a>
        </div>
      </section>

      <section className="container seller-section" aria-labelledby="seller-figures-title">
        <h2 id="seller-figures-title" className="section-title">
          {t('The numbers')}
        </h2>
        <ul className="seller-figures">
          {headlineFigures(F, t).map((figure) => (
            <li key={figure.label} className="seller-figure">
              <span className="seller-figure__value">{figure.value}</span>
              <span className="seller-figure__label">{figure.label}</span>
              <span className="seller-figure__note">{figure.note}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="container seller-section seller-policies">
        <article className="seller-policy" aria-labelledby="seller-commission-title">
          <h2 id="seller-commission-title" className="section-title">
            {t('Commission')}
          </h2>
          <p>{t('One rate on each sale, taken when you are paid. Nothing to pay up front.')}</p>
          <dl className="definition-grid seller-policy__list">
            <dt>{t('Card payment')}</dt>
            <dd>{F.paymentFee}</dd>
            <dt>{t('Marketplace')}</dt>
            <dd>{F.marketplaceFee}</dd>
            <dt>{t('Total')}</dt>
            <dd>
              <strong>{t('{commission} per sale', { commission: F.commission })}</strong>
            </dd>
          </dl>
        </article>

        <article className="seller-policy" aria-labelledby="seller-listing-title">
          <h2 id="seller-listing-title" className="section-title">
            {t('Listings')}
          </h2>
          <p>
            {t(
              'Your first {free} listings are free, then {fee} per listing. Each product carries up to {photos} photos.',
              { free: F.freeListings, fee: F.listingFee, photos: F.photosPerProduct },
            )}
          </p>
          <h3 className="seller-policy__subtitle">{t('Payouts')}</h3>
          <p>
            {t(
              "Payouts {period} ({days} days), with a statement of each order's gross, commission and net.",
              { period: F.payoutPeriod, days: F.payoutDays },
            )}
          </p>
        </article>

        <article className="seller-policy" aria-labelledby="seller-shipping-title">
          <h2 id="seller-shipping-title" className="section-title">
            {t('Shipping')}
          </h2>
          <ul className="seller-policy__bullets">
            <li>{t('We ship to the USA and Canada.')}</li>
            <li>
              {t(
                'Shoppers ship free over {usd} (USA) or {cad} (Canada); otherwise they pay {flatRate} per brand.',
                { usd: F.freeShippingUsd, cad: F.freeShippingCad, flatRate: F.flatRate },
              )}
            </li>
            <li>
              {t(
                'Below the free threshold, you cover shipping beyond the {flatRate} the shopper pays.',
                { flatRate: F.flatRate },
              )}
            </li>
            <li>
              {t('On orders under {cad} or {usd}, we reimburse {share} of your shipping fee.', {
                cad: F.reimbursementCad,
                usd: F.reimbursementUsd,
                share: F.reimbursementShare,
              })}
            </li>
            <li>{t('Shipping labels are white-labelled and printed from your dashboard.')}</li>
          </ul>
        </article>
      </section>

      <section className="container seller-section" aria-labelledby="seller-steps-title">
        <h2 id="seller-steps-title" className="section-title">
          {t('How it works')}
        </h2>
        <ol className="seller-steps">
          {steps(F, t).map((step) => (
            <li key={step.title} className="seller-step">
              <h3 className="seller-step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        id="open-store"
        className="seller-start"
        aria-labelledby="seller-start-title"
        tabIndex={-1}
      >
        <div className="container seller-start__inner">{children}</div>
      </section>
    </div>
  );
}
