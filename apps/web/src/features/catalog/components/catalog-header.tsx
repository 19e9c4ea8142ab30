import type { City } from '@marketplace/shared';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import { cityInTitleCase } from '../utils/catalog-search';

/** Spec 2: breadcrumb, the city as the title, and the line about its retailers. */
export function CatalogHeader({ city }: { city: City }) {
  return (
    <header className="catalog-header">
      <Breadcrumb className="catalog-breadcrumb">
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/' }}>
          Home
        </Breadcrumb.Item>
        <Breadcrumb.Item active>Products</Breadcrumb.Item>
      </Breadcrumb>
      <h1 className="page-title catalog-header__title">{city}</h1>
      <p className="catalog-header__lead">
        Discover curated fashion and lifestyle products from {cityInTitleCase(city)}&apos;s finest
        retailers
      </p>
    </header>
  );
}
