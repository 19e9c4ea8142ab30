import type { Locale } from '@marketplace/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from '../ui/icons';
import { LanguageSwitch } from './language-switch';
import { BRAND_NAME } from './site-navbar';

export const CONTACT_EMAIL = 'hello@localbrands.example';

const SOCIAL_LINKS: { href: string; label: string; icon: ReactNode }[] = [
  { href: 'https://www.instagram.com/', label: 'Instagram', icon: <InstagramIcon /> },
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: <FacebookIcon /> },
  { href: 'https://www.tiktok.com/', label: 'TikTok', icon: <TikTokIcon /> },
  { href: 'https://www.pinterest.com/', label: 'Pinterest', icon: <PinterestIcon /> },
];

interface SiteFooterProps {
  /** Keeps a chosen language beyond this device (a signed-in user's profile). */
  onChooseLocale?: (locale: Locale) => Promise<unknown>;
}

export function SiteFooter({ onChooseLocale }: SiteFooterProps) {
  const { t } = useI18n();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container-xl">
        <div className="site-footer__grid">
          <div>
            <p className="site-footer__brand">{BRAND_NAME}</p>
            <p className="site-footer__blurb">
              {t('Clothing from independent brands, made close to home.')}
            </p>
            <LanguageSwitch onChoose={onChooseLocale} className="site-footer__languages" />
          </div>
          <nav aria-label={t('Footer')}>
            <ul className="site-footer__links">
              <li>
                <Link to="/products">{t('Products')}</Link>
              </li>
              <li>
                <Link to="/about">{t('About')}</Link>
              </li>
              <li>
                <Link to="/storePage">{t('Brands')}</Link>
              </li>
              <li>
                <Link to="/seller-home">{t('Sell with us')}</Link>
              </li>
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`}>{t('Contact')}</a>
              </li>
              <li>
                <Link to="/about#privacy">{t('Privacy')}</Link>
              </li>
            </ul>
          </nav>
          <ul className="site-footer__social" aria-label={t('Social media')}>
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('{brand} on {network}', {
                    brand: BRAND_NAME,
                    network: social.label,
                  })}
                  className="icon-button"
                >
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="site-footer__copyright">
          {t('© {year} {brand}. All rights reserved.', { year, brand: BRAND_NAME })}
        </p>
      </div>
    </footer>
  );
}
