import { Link } from 'react-router';
import { SOLD_OUT_LABEL, type ItemSummary } from '@marketplace/shared';
import { useI18n } from '../../i18n/i18n-context';
import { Price } from './price';
import { Thumbnail, type ThumbnailPriority } from './thumbnail';

interface ProductCardProps {
  item: ItemSummary;
  /** See Thumbnail: lazy unless the card is in view when the page opens. */
  imagePriority?: ThumbnailPriority;
}

/** A product in a grid or strip: 3:4 image, brand and name, price (spec 2). */
export function ProductCard({ item, imagePriority = 'lazy' }: ProductCardProps) {
  const { t } = useI18n();
  return (
    <Link
      to={`/product/${item.id}`}
      className={`product-card${item.soldOut ? ' product-card--sold-out' : ''}`}
    >
      <div className="product-card__frame">
        {item.thumbnail ? (
          <Thumbnail src={item.thumbnail} alt={item.name} priority={imagePriority} />
        ) : (
          <div className="product-card__placeholder" aria-hidden="true" />
        )}
        {item.soldOut && <span className="product-card__sold-out">{t(SOLD_OUT_LABEL)}</span>}
      </div>
      <p className="product-card__brand">{item.store}</p>
      {/* The whole name stays readable on hover when the card cuts it. */}
      <h3 className="product-card__name" title={item.name}>
        {item.name}
      </h3>
      <Price
        price={item.price}
        sale={item.sale}
        currency={item.currency}
        className="product-card__price"
      />
    </Link>
  );
}
