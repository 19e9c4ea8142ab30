import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CART_MESSAGES,
  MAX_QUANTITY_PER_LINE,
  colorLabel,
  sizeLabel,
  type CartItem,
} from '@marketplace/shared';
import { LineThumbnail } from '../../../components/ui/order-line';
import { useI18n } from '../../../i18n/i18n-context';
import { useAddToCart } from '../../../lib/api/add-to-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { cartErrorMessage } from '../utils/cart-errors';
import { lineTotal } from '../utils/line-total';

/** One line of the bag (spec 4 "Cart"): '-' and '+' move by one, Remove takes the whole line. */
export function CartLine({ line }: { line: CartItem }) {
  const { t, locale, formatMoney } = useI18n();
  const add = useAddToCart();
  const remove = useRemoveFromCart();
  const busy = add.isPending || remove.isPending;
  const key = { itemId: line.itemId, itemOptionId: line.itemOptionId };
  const onSale = line.originalPrice > line.itemPrice;
  const atLimit = line.quantity >= line.limit;
  const canIncrease =
    !line.unavailable && line.available > 0 && !atLimit && line.quantity < MAX_QUANTITY_PER_LINE;
  const limit = t(CART_MESSAGES.limitPerCustomerMessage, { limit: line.limit });
  // English shows the option as stored (spec 4: 'Colour: BLUE'); French by the value's French name.
  const color = t(colorLabel(line.color));
  const size = locale === 'en' ? line.size : t(sizeLabel(line.size));

  const increase = () =>
    add.mutate(
      { ...key, quantity: 1 },
      { onError: (error) => toast.error(t(cartErrorMessage(error, CART_MESSAGES.quantityFailed))) },
    );
  const decrease = () =>
    remove.mutate(
      { ...key, quantity: 1 },
      { onError: (error) => toast.error(t(cartErrorMessage(error, CART_MESSAGES.quantityFailed))) },
    );
  const removeLine = () =>
    remove.mutate(
      { ...key, quantity: line.quantity },
      { onError: (error) => toast.error(t(cartErrorMessage(error, CART_MESSAGES.updateFailed))) },
    );

  const product = `/product/${line.itemId}`;
  return (
    <li className={`bag-line${line.unavailable ? ' bag-line--unavailable' : ''}`} aria-busy={busy}>
      <LineThumbnail block="bag-line" line={line} width={120} height={160} />

      <div className="bag-line__body">
        <div className="bag-line__head">
          <div>
            <p className="bag-line__store">{line.store}</p>
            <h2 className="bag-line__name">
              <Link to={product}>{line.itemName}</Link>
            </h2>
            <p className="bag-line__options">
              <span>{t('Colour: {color}', { color })}</span>
              <span>{t('Size: {size}', { size })}</span>
            </p>
            {line.unavailable ? (
              <p className="bag-line__unavailable">{t(CART_MESSAGES.lineUnavailable)}</p>
            ) : (
              <p className="bag-line__limit">{limit}</p>
            )}
          </div>
          <p className="bag-line__unit price">
            <span className="visually-hidden">{t('Unit price:')} </span>
            <span className={onSale ? 'price__sale' : undefined}>
              {formatMoney(line.itemPrice, line.currency)}
            </span>
            {onSale && (
              <>
                {' '}
                <del
                  className="price__original"
                  aria-label={t('was {price}', {
                    price: formatMoney(line.originalPrice, line.currency),
                  })}
                >
                  {formatMoney(line.originalPrice, line.currency)}
                </del>
              </>
            )}
          </p>
        </div>

        <div className="bag-line__foot">
          {/* An unavailable line can only be removed (issue 13). */}
          {!line.unavailable && (
            <div
              className="bag-qty"
              role="group"
              aria-label={t('Quantity of {name}', { name: line.itemName })}
            >
              <button
                type="button"
                className="bag-qty__button"
                aria-label={t('Decrease quantity of {name}', { name: line.itemName })}
                disabled={busy}
                onClick={decrease}
              >
                −
              </button>
              <output className="bag-qty__value" aria-live="polite" aria-label={t('Quantity')}>
                {line.quantity}
              </output>
              <button
                type="button"
                className="bag-qty__button"
                aria-label={t('Increase quantity of {name}', { name: line.itemName })}
                disabled={busy || !canIncrease}
                title={canIncrease ? undefined : atLimit ? limit : t('No more in stock')}
                onClick={increase}
              >
                +
              </button>
            </div>
          )}
          <button
            type="button"
            className="btn btn-link bag-line__remove"
            disabled={busy}
            onClick={removeLine}
            aria-label={t('Remove {name}', { name: line.itemName })}
          >
            {t('Remove')}
          </button>
          {!line.unavailable && (
            <p className="bag-line__total price">
              <span className="visually-hidden">{t('Line total:')} </span>
              {formatMoney(lineTotal(line.itemPrice, line.quantity), line.currency)}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
