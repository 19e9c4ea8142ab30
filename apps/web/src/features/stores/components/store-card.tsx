import { cityInCapitals, type StorePublic } from '@marketplace/shared';
import { Link } from 'react-router';
import { useI18n } from '../../../i18n/i18n-context';
import { storePath } from '../messages';
import type { ThumbnailPriority } from '../../../components/ui/thumbnail';
import { StoreThumbnail } from './store-thumbnail';

/** One brand in the list: picture, city, name, description and how many pieces it sells. */
export function StoreCard({
  store,
  imagePriority = 'lazy',
}: {
  store: StorePublic;
  imagePriority?: ThumbnailPriority;
}) {
  const { t } = useI18n();
  return (
    <Link to={storePath(store.name)} className="store-card">
      <StoreThumbnail name={store.name} thumbnail={store.thumbnail} priority={imagePriority} />
      <p className="store-card__city">{cityInCapitals(store.city, t)}</p>
      <h2 className="store-card__name">{store.name}</h2>
      {store.description && <p className="store-card__description">{store.description}</p>}
      <p className="store-card__count">
        {t('{count, plural, one {# product} other {# products}}', { count: store.productCount })}
      </p>
    </Link>
  );
}
