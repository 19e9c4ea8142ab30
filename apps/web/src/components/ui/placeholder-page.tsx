import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n-context';

interface PlaceholderPageProps {
  title: string;
  /** What this page will let people do, in a sentence. */
  description: string;
  /** Where to keep browsing from here (a page should not link to itself). */
  browseLink?: { to: string; label: string };
}

/** A styled stand-in for marketplace pages that are still being built in later issues. */
export function PlaceholderPage({ title, description, browseLink }: PlaceholderPageProps) {
  const { t } = useI18n();
  const link = browseLink ?? { to: '/products', label: t('Browse products') };
  return (
    <section className="placeholder-page container">
      <p className="eyebrow">{t('Local Brands')}</p>
      <h1 className="page-title">{title}</h1>
      <p className="lead">{description}</p>
      <p className="text-secondary">
        {t(
          'This part of the marketplace is being built. In the meantime, our brands are waiting for you.',
        )}
      </p>
      <Link to={link.to} className="btn btn-primary">
        {link.label}
      </Link>
    </section>
  );
}
