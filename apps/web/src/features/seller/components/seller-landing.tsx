import type { ReactNode } from 'react';
import { SELLER_FIGURES as F } from '../utils/policy-figures';
import '../seller.css';

const HEADLINE_FIGURES = [
  { value: F.commission, label: 'commission per sale', note: 'No monthly fee, no setup fee.' },
  {
    value: String(F.freeListings),
    label: 'free listings',
    note: `Then ${F.listingFee} per listing.`,
  },
  { value: String(F.photosPerProduct), label: 'photos per product', note: 'Show every angle.' },
  {
    value: F.payoutPeriod.replace(/^every /, ''),
    label: 'between payouts',
    note: `Paid out ${F.payoutPeriod}.`,
  },
] as const;

const STEPS = [
  { title: 'Open your store', text: 'Name your brand, tell its story and pick your city.' },
  {
    title: 'List your pieces',
    text: `Prices, sizes, colours and up to ${F.photosPerProduct} photos per product.`,
  },
  {
    title: 'Accept and ship',
    text: 'Accept each order, print a white-labelled shipping label and send it off.',
  },
  { title: 'Get paid', text: `Your sales, less commission, are paid out ${F.payoutPeriod}.` },
] as const;

interface SellerLandingProps {
  /** The call to action for the visitor's situation (log in, open a store, or go to it). */
  children: ReactNode;
}

/** /seller-home: why and how to sell here, with spec 9's policy numbers. */
export function SellerLanding({ children }: SellerLandingProps) {
  return (
    <div className="seller-home">
      <section className="seller-hero" aria-labelledby="seller-hero-title">
        <div className="container">
          <p className="eyebrow">For independent brands</p>
          <h1 id="seller-hero-title" className="page-title">
            Sell With Us
          </h1>
          <p className="seller-hero__tagline">
            Your label. Your city. Shoppers who care where clothes come from.
          </p>
          <p className="lead">
            We are a marketplace for independent and local clothing brands only. Open a store in
            minutes, list your pieces for free and reach shoppers looking for makers in their own
            city.
          </p>
          <a href="#open-store" className="btn btn-primary">
            Start selling
          </a>
        </div>
      </section>

      <section className="container seller-section" aria-labelledby="seller-figures-title">
        <h2 id="seller-figures-title" className="section-title">
          The numbers
        </h2>
        <ul className="seller-figures">
          {HEADLINE_FIGURES.map((figure) => (
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
            Commission
          </h2>
          <p>One rate on each sale, taken when you are paid. Nothing to pay up front.</p>
          <dl className="definition-grid seller-policy__list">
            <dt>Card payment</dt>
            <dd>{F.paymentFee}</dd>
            <dt>Marketplace</dt>
            <dd>{F.marketplaceFee}</dd>
            <dt>Total</dt>
            <dd>
              <strong>{F.commission} per sale</strong>
            </dd>
          </dl>
        </article>

        <article className="seller-policy" aria-labelledby="seller-listing-title">
          <h2 id="seller-listing-title" className="section-title">
            Listings
          </h2>
          <p>
            Your first {F.freeListings} listings are free, then {F.listingFee} per listing. Each
            product carries up to {F.photosPerProduct} photos.
          </p>
          <h3 className="seller-policy__subtitle">Payouts</h3>
          <p>
            Payouts {F.payoutPeriod} ({F.payoutDays} days), with a statement of each order&apos;s
            gross, commission and net.
          </p>
        </article>

        <article className="seller-policy" aria-labelledby="seller-shipping-title">
          <h2 id="seller-shipping-title" className="section-title">
            Shipping
          </h2>
          <ul className="seller-policy__bullets">
            <li>We ship to the USA and Canada.</li>
            <li>
              Shoppers ship free over {F.freeShippingUsd} (USA) or {F.freeShippingCad} (Canada);
              otherwise they pay {F.flatRate} per brand.
            </li>
            <li>
              Below the free threshold, you cover shipping beyond the {F.flatRate} the shopper pays.
            </li>
            <li>
              On orders under {F.reimbursementCad} or {F.reimbursementUsd}, we reimburse{' '}
              {F.reimbursementShare} of your shipping fee.
            </li>
            <li>Shipping labels are white-labelled and printed from your dashboard.</li>
          </ul>
        </article>
      </section>

      <section className="container seller-section" aria-labelledby="seller-steps-title">
        <h2 id="seller-steps-title" className="section-title">
          How it works
        </h2>
        <ol className="seller-steps">
          {STEPS.map((step) => (
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
