import { LOCALES, type Locale } from '@marketplace/shared';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { pageInLocale, saveLocaleChoice } from '../../i18n/locale-choice';
import './language-switch.css';

/** What the switch shows, and each language's own name (for screen readers, in that language). */
const LANGUAGE_CODES: Record<Locale, string> = { en: 'EN', 'fr-CA': 'FR' };
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'fr-CA': 'Français' };

interface LanguageSwitchProps {
  /** Also keeps the choice elsewhere (a signed-in user's profile); a failure does not stop it. */
  onChoose?: (locale: Locale) => Promise<unknown>;
  className?: string;
}

/**
 * EN / FR (issue 19): links to the page shown now in each language, so they work as links do
 * (keyboard, new tab, without JavaScript). Choosing one remembers it on the device and loads
 * the page in that language: its catalog, its address under the router's prefix.
 */
export function LanguageSwitch({ onChoose, className = '' }: LanguageSwitchProps) {
  const { t, locale } = useI18n();
  // Below the router's language prefix: the page itself, which each language's address wraps.
  const location = useLocation();

  const choose = async (event: MouseEvent<HTMLAnchorElement>, chosen: Locale) => {
    // A modified click (new tab, new window) is the browser's to handle.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    saveLocaleChoice(chosen);
    if (chosen === locale) return;
    const href = event.currentTarget.href;
    try {
      await onChoose?.(chosen);
    } catch {
      // The device remembers the choice; the profile gets it the next time it is made.
    }
    window.location.assign(href);
  };

  return (
    <ul className={`language-switch ${className}`.trim()} aria-label={t('Language')}>
      {LOCALES.map((option) => (
        <li key={option}>
          <a
            href={pageInLocale(location, option)}
            hrefLang={option}
            lang={option}
            // The visible code first, then the language's name (WCAG 2.5.3, label in name).
            aria-label={`${LANGUAGE_CODES[option]} ${LANGUAGE_NAMES[option]}`}
            aria-current={option === locale ? 'true' : undefined}
            className={`language-switch__option${option === locale ? ' active' : ''}`}
            onClick={(event) => void choose(event, option)}
          >
            {LANGUAGE_CODES[option]}
          </a>
        </li>
      ))}
    </ul>
  );
}
