import { useId, useRef } from 'react';
import { Link } from 'react-router';
import { ProductCard } from '../../../components/ui/product-card';
import { useSelectedCity } from '../../../hooks/use-selected-city';
import { useI18n } from '../../../i18n/i18n-context';
import { CITY_LABELS, cityInCapitals } from '@marketplace/shared';
import { FEATURED_COUNT, useFeaturedProducts } from '../api/get-featured-products';

/** Spec 2: DISCOVER / {CITY}'S LOCAL BRANDS, and a strip of the city's 8 newest products. */
export function DiscoverSection() {
  const { t } = useI18n();
  const [city] = useSelectedCity();
  const featured = useFeaturedProducts(city);
  const strip = useRef<HTMLUListElement>(null);
  const titleId = useId();

  const scroll = (direction: -1 | 1) => {
    const element = strip.current;
    if (!element || typeof element.scrollBy !== 'function') return;
    const reduceMotion =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({
      left: direction * element.clientWidth * 0.9,
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  };

  let content;
  if (featured.isPending) {
    content = (
      <>
        <p className="visually-hidden" role="status">
          {t('Loading featured products…')}
        </p>
        <ul className="featured-strip" aria-hidden="true">
          {Array.from({ length: FEATURED_COUNT }, (_, i) => (
            <li key={i} className="featured-strip__item featured-skeleton">
              <div className="featured-skeleton__frame" />
              <div className="featured-skeleton__line" />
              <div className="featured-skeleton__line featured-skeleton__line--short" />
            </li>
          ))}
        </ul>
      </>
    );
  } else if (featured.isError) {
    content = (
      <div className="empty-state" role="alert">
        <p>{t('Featured products could not be loaded.')}</p>
        <Link to="/products" className="btn btn-outline-primary btn-sm">
          {t('Browse all products')}
        </Link>
      </div>
    );
  } else if (featured.data.length === 0) {
    content = (
      <div className="empty-state">
        <p>
          {city
            ? t("{city}'s brands have no products listed yet.", { city: t(CITY_LABELS[city]) })
            : t('No products are listed yet.')}
        </p>
        <Link to="/products" className="btn btn-outline-primary btn-sm">
          {t('Browse products')}
        </Link>
      </div>
    );
  } else {
    content = (
      <ul className="featured-strip" ref={strip} aria-labelledby={titleId}>
        {featured.data.map((item, index) => (
          <li key={item.id} className="featured-strip__item">
            <ProductCard item={item} imagePriority={index < 4 ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="home-section home-discover" aria-labelledby={titleId}>
      <div className="container-xl">
        <div className="home-discover__head">
          <h2 id={titleId} className="home-heading">
            <span className="home-heading__eyebrow">{t('DISCOVER')}</span>{' '}
            <span className="home-heading__title">
              {city
                ? t("{city}'S LOCAL BRANDS", { city: cityInCapitals(city, t) })
                : t("OUR CITIES' LOCAL BRANDS")}
            </span>
          </h2>
          <div className="home-discover__arrows">
            <button
              type="button"
              className="strip-arrow"
              aria-label={t('Scroll featured products left')}
              onClick={() => scroll(-1)}
            >
              <span aria-hidden="true">←</span>
            </button>
            <button
              type="button"
              className="strip-arrow"
              aria-label={t('Scroll featured products right')}
              onClick={() => scroll(1)}
            >
              <span aria-hidden="true">→</span>
            </button>
          </div>
        </div>
        {content}
      </div>
    </section>
  );
}
