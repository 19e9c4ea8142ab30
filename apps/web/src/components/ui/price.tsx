import { formatMoney, salePrice } from '@marketplace/shared';

interface PriceProps {
  price: number;
  sale?: number | null;
  currency?: string;
  className?: string;
}

/** Spec 2: the price less the sale percentage; on sale, the original is struck through. */
export function Price({ price, sale, currency, className = '' }: PriceProps) {
  const onSale = !!sale && sale > 0;
  const paid = salePrice(price, sale);
  return (
    <span className={`price ${className}`}>
      {onSale ? (
        <>
          <span className="price__sale">{formatMoney(paid, currency)}</span>{' '}
          <del className="price__original" aria-label={`was ${formatMoney(price, currency)}`}>
            {formatMoney(price, currency)}
          </del>{' '}
          <span className="price__badge">−{sale}%</span>
        </>
      ) : (
        <span>{formatMoney(price, currency)}</span>
      )}
    </span>
  );
}
