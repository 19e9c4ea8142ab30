import type { City } from '@marketplace/shared';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { cityInTitleCase } from '../utils/catalog-search';

/** Spec 2: breadcrumb, the city as the title (after the chosen categories), and the line about its retailers. */
export function CatalogHeader({ city, categoryTitle }: { city: City; categoryTitle?: string }) {
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
        {categoryTitle ? t('{category} in {city}', { category: categoryTitle, city }) : city}
      </h1>
      <p className="catalog-header__lead">
        {t("Discover curated fashion and lifestyle products from {city}'s finest retailers", {
          city: cityInTitleCase(city),
        })}
      </p>
    </header>
  );
}
