import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, PinterestIcon, TikTokIcon } from '../ui/icons';
import { BRAND_NAME } from './site-navbar';

export const CONTACT_EMAIL = 'hello@localbrands.example';

const SOCIAL_LINKS: { href: string; label: string; icon: ReactNode }[] = [
  { href: 'https://www.instagram.com/', label: 'Instagram', icon: <InstagramIcon /> },
  { href: 'https://www.facebook.com/', label: 'Facebook', icon: <FacebookIcon /> },
  { href: 'https://www.tiktok.com/', label: 'TikTok', icon: <TikTokIcon /> },
  { href: 'https://www.pinterest.com/', label: 'Pinterest', icon: <PinterestIcon /> },
];

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container-xl">
        <div className="site-footer__grid">
          <div>
            <p className="site-footer__brand">{BRAND_NAME}</p>
            <p className="site-footer__blurb">
              Clothing from independent brands, made close to home.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="site-footer__links">
              <li>
                <Link to="/products">Products</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
              <li>
                <Link to="/storePage">Brands</Link>
              </li>
              <li>
                <Link to="/seller-home">Sell with us</Link>
              </li>
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`}>Contact</a>
              </li>
              <li>
                <Link to="/about#privacy">Privacy</Link>
              </li>
            </ul>
          </nav>
          <ul className="site-footer__social" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${BRAND_NAME} on ${social.label}`}
                  className="icon-button"
                >
                  {social.icon}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="site-footer__copyright">
          © {year} {BRAND_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
