import { COMMISSION, LISTING_POLICY, RETURN_POLICY, SHIPPING_POLICY } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { englishTranslator, loadTranslator } from '../../i18n/catalogs';
import {
  formatPercent,
  POLICY_SECTIONS,
  PRIVACY_CONTACT,
  PRIVACY_RETENTION,
  policySections,
} from './policies';

const text = (key: string, t = englishTranslator.t, locale: 'en' | 'fr-CA' = 'en') =>
  policySections(locale)
    .find((s) => s.key === key)
    ?.paragraphs.map((p) => t(p.message, p.values))
    .join(' ') ?? '';

describe('About page policies (spec 9)', () => {
  it('has the five sections in order', () => {
    expect(POLICY_SECTIONS.map((s) => s.title)).toEqual([
      'Delivery Policy',
      'Return Policy',
      'Terms & Conditions',
      'Cookie Policy',
      'Privacy Policy',
    ]);
  });

  it('states a privacy policy: what, why, who, how long, the rights and whom to ask (issue 39 item 11)', () => {
    const privacy = text('privacy');
    for (const law of ['PIPEDA', 'Law 25', 'CCPA']) expect(privacy).toContain(law);
    expect(privacy).toContain('What we collect: your name, user name, email address');
    expect(privacy).toContain('Why: to run your account');
    expect(privacy).toContain('Who receives it: the brand you buy from');
    expect(privacy).toContain(
      `for ${PRIVACY_RETENTION.taxRecordYears} years after the year they took place`,
    );
    expect(privacy).toContain('to see the personal information we hold about you, to correct it');
    expect(privacy).toContain('to have it deleted');
    expect(privacy).toContain(`answers at ${PRIVACY_CONTACT.email}`);
  });

  it('states the privacy policy in Canadian French', async () => {
    const french = await loadTranslator('fr-CA');
    const t = (message: string, values?: Record<string, unknown>) => french.t(message, values);
    const privacy = text('privacy', t, 'fr-CA');
    for (const law of ['LPRPDE', 'Loi 25', 'CCPA']) expect(privacy).toContain(law);
    expect(privacy).toContain('Ce que nous recueillons\u00a0: vos nom');
    expect(privacy).toContain('Vos droits\u00a0: vous pouvez demander à consulter');
    expect(privacy).toContain(`répond à ${PRIVACY_CONTACT.email}`);
    expect(privacy).not.toContain('What we collect');
  });

  it('states the numbers from the shared constants', () => {
    expect(text('delivery')).toContain(`$${SHIPPING_POLICY.freeShippingThreshold.USD} USD`);
    expect(text('delivery')).toContain(`$${SHIPPING_POLICY.freeShippingThreshold.CAD} CAD`);
    expect(text('delivery')).toContain(`$${SHIPPING_POLICY.flatRatePerBrand} per brand`);
    expect(text('returns')).toContain(`${RETURN_POLICY.returnWindowDays} days of delivery`);
    expect(text('returns')).toContain(`${RETURN_POLICY.maxOwnershipMonths} months`);
    expect(text('terms')).toContain('20% per sale: 2.9% + 30 cents');
    expect(text('terms')).toContain(formatPercent(COMMISSION.marketplaceRate));
    expect(text('terms')).toContain(
      `first ${LISTING_POLICY.freeListings} product listings are free`,
    );
    expect(text('terms')).toContain('10 cents');
    expect(text('terms')).toContain('50% of the shipping fee');
  });

  it('reads in Canadian French, the amounts as French writes them', async () => {
    const french = await loadTranslator('fr-CA');
    const t = (message: string, values?: Record<string, unknown>) => french.t(message, values);
    expect(POLICY_SECTIONS.map((s) => french.t(s.title))).toEqual([
      'Politique de livraison',
      'Politique de retour',
      'Conditions générales',
      'Politique relative aux témoins',
      'Politique de confidentialité',
    ]);
    expect(text('delivery', t, 'fr-CA')).toContain(
      `${SHIPPING_POLICY.freeShippingThreshold.CAD} $ CAD`,
    );
    expect(text('terms', t, 'fr-CA')).toContain('20 % par vente\u00a0: 2,9 % + 30 cents');
    expect(text('returns', t, 'fr-CA')).toContain(
      `${RETURN_POLICY.returnWindowDays} jours suivant la livraison`,
    );
  });
});
