import {
  formatDateIn,
  formatDecimalIn,
  formatMoneyIn,
  formatNumberIn,
  formatPercentIn,
  labelColonIn,
  type Locale,
  type MessageValues,
  type Translator,
} from '@marketplace/shared';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { englishTranslator } from './catalogs';

export interface I18n {
  locale: Locale;
  /** A message (its English text, usually a shared constant) in the page's language. */
  t(message: string, values?: MessageValues): string;
  formatMoney(amount: number, currency?: string): string;
  formatNumber(value: number): string;
  formatPercent(rate: number): string;
  formatDate(date: Date | string, options?: Intl.DateTimeFormatOptions): string;
  /** A rating or average to `digits` decimals: "4.5" / "4,5". */
  formatDecimal(value: number, digits: number): string;
  /** Between a label and its value: ": " / " : " (a no-break space first in French). */
  colon: string;
}

function i18nOf(translator: Translator): I18n {
  const { locale } = translator;
  return {
    locale,
    t: (message, values) => translator.t(message, values),
    formatMoney: (amount, currency) => formatMoneyIn(locale, amount, currency),
    formatNumber: (value) => formatNumberIn(locale, value),
    formatPercent: (rate) => formatPercentIn(locale, rate),
    formatDate: (date, options) => formatDateIn(locale, date, options),
    formatDecimal: (value, digits) => formatDecimalIn(locale, value, digits),
    colon: labelColonIn(locale),
  };
}

// English by default: a component rendered without a provider (a unit test) reads the spec's words.
const I18nContext = createContext<I18n>(i18nOf(englishTranslator));

export function I18nProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  const value = useMemo(() => i18nOf(translator), [translator]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language: `const { t, formatMoney } = useI18n()`. */
export function useI18n(): I18n {
  return useContext(I18nContext);
}
