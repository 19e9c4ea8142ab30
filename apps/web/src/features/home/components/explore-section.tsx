import { msg } from '@marketplace/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';

/** Spec 2's four tiles, each opening the product list filtered by category and keyword. */
export const EXPLORE_TILES = [
  { label: msg('WOMENS DENIM'), category: 'women', keyword: 'denim', look: 'denim' },
  { label: msg('WOMENS KNITWEAR'), category: 'women', keyword: 'knitwear', look: 'knit' },
  { label: msg('MENS KNITWEAR'), category: 'men', keyword: 'knitwear', look: 'knit-accent' },
  { label: msg('MENS DENIM'), category: 'men', keyword: 'denim', look: 'denim-soft' },
] as const;

export function exploreLink(tile: (typeof EXPLORE_TILES)[number]): string {
  const query = new URLSearchParams({ category: tile.category, keyword: tile.keyword });
  return `/products?${query.toString()}`;
}

export function ExploreSection() {
  const { t } = useI18n();
  const titleId = useId();
  const blurbId = useId();
  return (
    <>
      <section className="home-section home-explore" aria-labelledby={titleId}>
        <div className="container-xl">
          <h2 id={titleId} className="home-heading">
            <span className="home-heading__title">{t('EXPLORE')}</span>
          </h2>
          <ul className="explore-grid">
            {EXPLORE_TILES.map((tile) => (
              <li key={tile.label}>
                <Link to={exploreLink(tile)} className={`explore-tile explore-tile--${tile.look}`}>
                  <span className="explore-tile__label">{t(tile.label)}</span>
                  <span className="explore-tile__cta" aria-hidden="true">
                    {t('Shop →')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="home-section home-blurb" aria-labelledby={blurbId}>
        <div className="container-xl home-blurb__inner">
          <p className="eyebrow">{t('Why local')}</p>
          <h2 id={blurbId} className="home-blurb__title">
            {t('Independent brands, made in the city they call home')}
          </h2>
          <p className="home-blurb__text">
            {t(
              'Every label here is a small, independent team that designs, cuts, sews and knits in limited runs. Buying from them keeps skills and money in the neighbourhood, and each order ships straight from the people who made it.',
            )}
          </p>
          <Link to="/storePage" className="btn btn-outline-primary">
            {t('Meet the brands')}
          </Link>
        </div>
      </section>
    </>
  );
}
