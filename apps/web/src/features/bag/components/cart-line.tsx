import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import {
  CART_MESSAGES,
  MAX_QUANTITY_PER_LINE,
  formatMoney,
  type CartItem,
} from '@marketplace/shared';
import { useAddToCartLine } from '../api/add-to-cart-line';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { cartErrorMessage } from '../utils/cart-errors';
import { lineTotal } from '../utils/line-total';

/** One line of the bag (spec 4 "Cart"): '-' and '+' move by one, Remove takes the whole line. */
export function CartLine({ line }: { line: CartItem }) {
  const add = useAddToCartLine();
  const remove = useRemoveFromCart();
  const busy = add.isPending || remove.isPending;
  const key = { itemId: line.itemId, itemOptionId: line.itemOptionId };
  const onSale = line.originalPrice > line.itemPrice;
  const atLimit = line.quantity >= line.limit;
  const canIncrease =
    !line.unavailable && line.available > 0 && !atLimit && line.quantity < MAX_QUANTITY_PER_LINE;
  const limit = CART_MESSAGES.limitPerCustomer(line.limit);

  const increase = () =>
    add.mutate(
      { ...key, quantity: 1 },
      { onError: (error) => toast.error(cartErrorMessage(error, CART_MESSAGES.quantityFailed)) },
    );
  const decrease = () =>
    remove.mutate(
      { ...key, quantity: 1 },
      { onError: (error) => toast.error(cartErrorMessage(error, CART_MESSAGES.quantityFailed)) },
    );
  const removeLine = () =>
    remove.mutate(
      { ...key, quantity: line.quantity },
      { onError: (error) => toast.error(cartErrorMessage(error, CART_MESSAGES.updateFailed)) },
    );

  const product = `/product/${line.itemId}`;
  return (
    <li className={`bag-line${line.unavailable ? ' bag-line--unavailable' : ''}`} aria-busy={busy}>
      <div className="bag-line__frame">
        {line.thumbnail ? (
          <img
            src={line.thumbnail}
            alt={line.itemName}
            width={120}
            height={160}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="bag-line__placeholder" role="img" aria-label={line.itemName}>
            {line.itemName.charAt(0)}
          </div>
        )}
      </div>

      <div className="bag-line__body">
        <div className="bag-line__head">
          <div>
            <p className="bag-line__store">{line.store}</p>
            <h2 className="bag-line__name">
              <Link to={product}>{line.itemName}</Link>
            </h2>
            <p className="bag-line__options">
              <span>Colour: {line.color}</span>
              <span>Size: {line.size}</span>
            </p>
            {line.unavailable ? (
              <p className="bag-line__unavailable">{CART_MESSAGES.lineUnavailable}</p>
            ) : (
              <p className="bag-line__limit">{limit}</p>
            )}
          </div>
          <p className="bag-line__unit price">
            <span className="visually-hidden">Unit price: </span>
            <span className={onSale ? 'price__sale' : undefined}>
              {formatMoney(line.itemPrice, line.currency)}
            </span>
            {onSale && (
              <>
                {' '}
                <del
                  className="price__original"
                  aria-label={`was ${formatMoney(line.originalPrice, line.currency)}`}
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
            <div className="bag-qty" role="group" aria-label={`Quantity of ${line.itemName}`}>
              <button
                type="button"
                className="bag-qty__button"
                aria-label={`Decrease quantity of ${line.itemName}`}
                disabled={busy}
                onClick={decrease}
              >
                −
              </button>
              <output className="bag-qty__value" aria-live="polite" aria-label="Quantity">
                {line.quantity}
              </output>
              <button
                type="button"
                className="bag-qty__button"
                aria-label={`Increase quantity of ${line.itemName}`}
                disabled={busy || !canIncrease}
                title={canIncrease ? undefined : atLimit ? limit : 'No more in stock'}
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
            aria-label={`Remove ${line.itemName}`}
          >
            Remove
          </button>
          {!line.unavailable && (
            <p className="bag-line__total price">
              <span className="visually-hidden">Line total: </span>
              {formatMoney(lineTotal(line.itemPrice, line.quantity), line.currency)}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}
