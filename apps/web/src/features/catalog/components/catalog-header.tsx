import type { City } from '@marketplace/shared';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { cityInTitleCase } from '../utils/catalog-search';

/** Spec 2: breadcrumb, the city as the title (after the chosen categories), and the line about its retailers. */
export function CatalogHeader({
  city,
  categoryTitle,
}: {
  /** Undefined: all cities (issue 39.6). */
  city: City | undefined;
  categoryTitle?: string;
}) {
  const { t } = useI18n();
  return (
    <header className="catalog-header">
      <Breadcrumb className="catalog-breadcrumb">
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/' }}>
          {t('Home')}
        </Breadcrumb.Item>
        <Breadcrumb.Item active>{t('Products')}</Breadcrumb.Item>
      </Breadcrumb>
      {/* Menswear and Womenswear open a category: the title names it, then the city. */}
      <h1 className="page-title catalog-header__title">
        {city === undefined
          ? categoryTitle
            ? t('{category} in all cities', { category: categoryTitle })
            : t('ALL CITIES')
          : categoryTitle
            ? t('{category} in {city}', { category: categoryTitle, city })
            : city}
      </h1>
      <p className="catalog-header__lead">
        {city === undefined
          ? t(
              'Discover curated fashion and lifestyle products from the finest retailers of all our cities',
            )
          : t("Discover curated fashion and lifestyle products from {city}'s finest retailers", {
              city: cityInTitleCase(city),
            })}
      </p>
    </header>
  );
}
