import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { colorLabel, sizeLabel } from '@marketplace/shared';
import { useI18n } from '../../i18n/i18n-context';

/** What a line of a bag or an order shows of its product: the same fields in both. */
export interface OrderLineProduct {
  itemId: number;
  itemName: string;
  thumbnail: string | null;
  store: string;
  size: string;
  color: string;
  quantity: number;
}

interface LineThumbnailProps {
  /** The line's BEM block (`checkout-line`, `order-item`, `bag-line`): its CSS sizes the frame. */
  block: string;
  line: Pick<OrderLineProduct, 'itemName' | 'thumbnail'>;
  width?: number;
  height?: number;
  /** Lines below the fold load their image late; a page that opens on them (checkout success) does not. */
  lazy?: boolean;
  /** Drawn over the frame (the checkout summary's quantity badge). */
  children?: ReactNode;
}

/** The product's thumbnail in the line's frame, or its initial where it has none. */
export function LineThumbnail({
  block,
  line,
  width = 60,
  height = 80,
  lazy = true,
  children,
}: LineThumbnailProps) {
  return (
    <div className={`${block}__frame`}>
      {line.thumbnail ? (
        <img
          src={line.thumbnail}
          alt={line.itemName}
          width={width}
          height={height}
          {...(lazy ? { loading: 'lazy', decoding: 'async' } : {})}
        />
      ) : (
        <div className={`${block}__placeholder`} role="img" aria-label={line.itemName}>
          {line.itemName.charAt(0)}
        </div>
      )}
      {children}
    </div>
  );
}

interface OrderLineProps {
  block: 'checkout-line' | 'order-item';
  line: OrderLineProduct;
  /** `meta`: "· Qty 2" after the options; `badge`: the count over the thumbnail. */
  quantity: 'meta' | 'badge';
  lazy?: boolean;
  /** More about the line under its options (an order's item status). */
  details?: ReactNode;
  /** The line's amounts, at its end. */
  amount: ReactNode;
}

/**
 * One product line of an order or a checkout: thumbnail, the product's link and
 * "{store} · Size · Colour · Qty", then its amounts (checkout summary and success, My Orders).
 */
export function OrderLine({ block, line, quantity, lazy, details, amount }: OrderLineProps) {
  const { t, locale } = useI18n();
  // English shows the size as stored; French by the value's French name. The colour's word in
  // both languages, never its code (issue 39 item 13).
  const size = locale === 'en' ? line.size : t(sizeLabel(line.size));
  const color = t(colorLabel(line.color));
  return (
    <li className={block}>
      <LineThumbnail block={block} line={line} {...(lazy === undefined ? {} : { lazy })}>
        {quantity === 'badge' ? (
          <span
            className={`${block}__quantity`}
            aria-label={t('Quantity {count}', { count: line.quantity })}
          >
            {line.quantity}
          </span>
        ) : null}
      </LineThumbnail>
      <div className={`${block}__body`}>
        <Link to={`/product/${line.itemId}`} className={`${block}__name`}>
          {line.itemName}
        </Link>
        <span className={`${block}__meta`}>
          {quantity === 'meta'
            ? t('{store} · Size {size} · Colour {color} · Qty {quantity}', {
                store: line.store,
                size,
                color,
                quantity: line.quantity,
              })
            : t('{store} · Size {size} · Colour {color}', { store: line.store, size, color })}
        </span>
        {details}
      </div>
      {amount}
    </li>
  );
}
