import {
  colorLabel,
  DEFAULT_LOCALE,
  formatMoneyIn,
  labelColonIn,
  localizedText,
  localizePath,
  type Locale,
  type MessageValues,
  sizeLabel,
} from '@marketplace/shared';
import { translatorFor } from '../../lib/translator';

/** What a mail needs to be written in its recipient's language (issue 19). */
export interface MailLanguage {
  readonly locale: Locale;
  t(message: string, values?: MessageValues): string;
  /** "$189.00" in English (spec 9), "189,00 $" in French; the currency code after it when given. */
  money(amount: number, currency?: string): string;
  /** A product's name as the brand wrote it in this language (English when it wrote only that). */
  itemName(english: string, french: string | null | undefined): string;
  /** An item's option: its stored codes in English ("RED, M", as the spec's mails print them), named in French. */
  option(color: string, size: string): string;
  /** Between a label and its value: ": " in English, " : " (a no-break space first) in French. */
  readonly colon: string;
  /** A page of the web app in this language: "/reset-password?…" → "https://…/fr/reset-password?…". */
  link(publicUrl: string, path: string): string;
}

/**
 * The first language known, in order of preference: the recipient's saved choice, then (for a
 * mail that answers the recipient's own request) the request's language; English otherwise.
 */
export function mailLanguage(...preferences: (Locale | null | undefined)[]): MailLanguage {
  const locale = preferences.find((preference) => preference != null) ?? DEFAULT_LOCALE;
  const { t } = translatorFor(locale);
  return {
    locale,
    t,
    money: (amount, currency) => formatMoneyIn(locale, amount, currency),
    itemName: (english, french) => localizedText(english, french, locale),
    option: (color, size) =>
      locale === 'en' ? `${color}, ${size}` : `${t(colorLabel(color))}, ${t(sizeLabel(size))}`,
    link: (publicUrl, path) => `${publicUrl}${localizePath(path, locale)}`,
    colon: labelColonIn(locale),
  };
}
