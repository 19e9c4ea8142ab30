import { salePrice } from '@marketplace/shared';
import { useI18n } from '../../i18n/i18n-context';

interface PriceProps {
  price: number;
  sale?: number | null;
  currency?: string;
  className?: string;
}

/** Spec 2: the price less the sale percentage; on sale, the original is struck through. */
export function Price({ price, sale, currency, className = '' }: PriceProps) {
  const { t, formatMoney } = useI18n();
  const onSale = !!sale && sale > 0;
  const paid = salePrice(price, sale);
  return (
    <span className={`price ${className}`}>
      {onSale ? (
        <>
          <span className="price__sale">{formatMoney(paid, currency)}</span>{' '}
          <del
            className="price__original"
            aria-label={t('was {price}', { price: formatMoney(price, currency) })}
          >
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
