import { describe, expect, it } from 'vitest';
import { formatMoneyIn } from './format';
import { localizePath, negotiateLocale, splitLocalePath } from './locales';
import { createTranslator } from './translator';
import { compileMessage } from '@lingui/message-utils/compileMessage';

describe('locales', () => {
  it('follows the browser’s preferred language among ours', () => {
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr-CA');
    expect(negotiateLocale('fr-FR')).toBe('fr-CA');
    expect(negotiateLocale('de-DE,en;q=0.5,fr;q=0.4')).toBe('en');
    expect(negotiateLocale('en;q=0.2,fr;q=0.9')).toBe('fr-CA');
    expect(negotiateLocale('de, es')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
  });

  it('reads and writes the locale in the URL (English unprefixed)', () => {
    expect(splitLocalePath('/fr/product/12')).toEqual({ locale: 'fr-CA', path: '/product/12' });
    expect(splitLocalePath('/fr')).toEqual({ locale: 'fr-CA', path: '/' });
    expect(splitLocalePath('/french-store')).toEqual({ locale: 'en', path: '/french-store' });
    expect(localizePath('/product/12', 'fr-CA')).toBe('/fr/product/12');
    expect(localizePath('/', 'fr-CA')).toBe('/fr');
    expect(localizePath('/about', 'en')).toBe('/about');
  });

  it('writes prices the locale’s way', () => {
    expect(formatMoneyIn('en', 189, 'CAD')).toBe('$189.00 CAD');
    expect(formatMoneyIn('fr-CA', 189)).toBe('189,00\u00a0$');
    expect(formatMoneyIn('fr-CA', 1189.5, 'USD')).toBe('1\u00a0189,50\u00a0$ USD');
  });

  it('writes Canadian French prices as Intl’s fr-CA currency format does, without it', () => {
    const intl = new Intl.NumberFormat('fr-CA', {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
    });
    for (const amount of [
      0, 0.5, 5, 9.99, 12.3, 189, 999.99, 1000, 1189.5, 12_345.67, 100_000, 999_999.99, 1_000_000,
      -12.3, -1234.5,
    ])
      expect(formatMoneyIn('fr-CA', amount), String(amount)).toBe(intl.format(amount));
  });

  it('translates with ICU arguments, falling back to the English id', () => {
    const translator = createTranslator(
      'fr-CA',
      {
        '{count, plural, one {# item} other {# items}}':
          '{count, plural, one {# article} other {# articles}}',
      },
      compileMessage,
    );
    expect(translator.t('{count, plural, one {# item} other {# items}}', { count: 3 })).toBe(
      '3 articles',
    );
    expect(translator.t('Not in the catalog {name}', { name: 'Ada' })).toBe(
      'Not in the catalog Ada',
    );
  });
});
