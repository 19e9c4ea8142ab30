import { MESSAGES, type ItemDetail, type ItemOption } from '@marketplace/shared';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError, TokenExpiredError } from '../../../lib/api-client';
import { loginUrl } from '../../../lib/login-return';
import { useI18n } from '../../../i18n/i18n-context';
import { clearSession, getToken, getUserName, isTokenValid } from '../../../lib/session';
import { useAddToCart } from '../../../lib/api/add-to-cart';
import { ADD_TO_CART_LABELS, PRODUCT_MESSAGES } from '../messages';
import { rememberAdd, takePendingAdd } from '../utils/pending-add';

export const BAG_PATH = '/shopping-bag';

interface AddToCartButtonProps {
  item: ItemDetail | undefined;
  option: ItemOption | null;
  quantity: number;
  /** What is chosen so far, so a missing choice is named ('Please select a size.'). */
  chosen?: { color: string | null; size: string | null };
}

function missingChoiceMessage(chosen: AddToCartButtonProps['chosen']) {
  if (chosen?.color && !chosen.size) return PRODUCT_MESSAGES.selectSize;
  if (chosen?.size && !chosen.color) return PRODUCT_MESSAGES.selectColor;
  return PRODUCT_MESSAGES.selectOption;
}

const sessionEnded = (error: unknown) =>
  error instanceof TokenExpiredError ||
  (error instanceof ApiError && (error.status === 401 || error.status === 403));

/**
 * Spec 4 and 5: 'Add to Cart'; a spinner while adding; then 'Added to Cart - Go to Checkout',
 * which opens the bag. 'Out of Stock' (disabled) when the product or the chosen option has none.
 * The page remounts it (a new key) when the choice changes, so "added" belongs to one choice.
 */
export function AddToCartButton({ item, option, quantity, chosen }: AddToCartButtonProps) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const addToCart = useAddToCart();
  const [added, setAdded] = useState(false);

  // Issue 13: a sold-out product says so before any option is chosen.
  const outOfStock = item?.isAvailable === false || item?.soldOut === true || option?.count === 0;

  const add = (choice: { itemId: number; itemOptionId: number; quantity: number }) =>
    addToCart.mutate(choice, {
      onSuccess: ({ notice }) => {
        setAdded(true);
        // Fewer added than asked (only those were left): the server says how many (issue 39.22).
        toast.success(notice ?? t(PRODUCT_MESSAGES.added));
      },
      onError: (error) => {
        // The session ended while adding: the API client has gone to the login page; the
        // choice is kept and added on return (issue 13).
        if (sessionEnded(error)) {
          rememberAdd(choice);
          void navigate(loginUrl({ next: here, ended: true }), { replace: true });
          return;
        }
        toast.error(
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : t(PRODUCT_MESSAGES.addFailed),
        );
      },
    });

  // Back from the login wall with this choice remembered: added once, here.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !item || !option || outOfStock) return;
    const token = getToken();
    if (!token || !getUserName() || !isTokenValid(token)) return;
    const pending = takePendingAdd(item.id);
    if (!pending || pending.itemOptionId !== option.id) return;
    applied.current = true;
    add(pending);
    // Once per mount: the choice is taken out of storage when applied.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const adding = addToCart.isPending;
  const onClick = () => {
    if (adding) return;
    if (added) {
      void navigate(BAG_PATH);
      return;
    }
    if (!option) {
      toast.error(t(missingChoiceMessage(chosen)));
      return;
    }
    if (!item) {
      toast.error(t(PRODUCT_MESSAGES.invalidProduct));
      return;
    }
    const choice = { itemId: item.id, itemOptionId: option.id, quantity };
    const token = getToken();
    if (!token || !getUserName() || !isTokenValid(token)) {
      // Spec 5: the session is cleared and the shopper logs in; issue 13: the choice waits.
      const ended = Boolean(token);
      clearSession();
      rememberAdd(choice);
      if (!ended) toast.info(t(MESSAGES.sessionRequired));
      void navigate(loginUrl({ next: here, ended }));
      return;
    }
    add(choice);
  };

  if (outOfStock) {
    return (
      <Button variant="primary" size="lg" className="add-to-cart" disabled>
        {t(ADD_TO_CART_LABELS.outOfStock)}
      </Button>
    );
  }

  return (
    <Button
      variant={added ? 'outline-primary' : 'primary'}
      size="lg"
      className="add-to-cart"
      onClick={onClick}
      // Not `disabled`: a disabled button drops the keyboard focus to the page's start, and
      // whoever pressed it should stay where they were while it adds and once it has.
      aria-disabled={adding || undefined}
      aria-busy={adding || undefined}
    >
      {adding ? (
        <>
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
          {t(ADD_TO_CART_LABELS.adding)}
        </>
      ) : added ? (
        t(ADD_TO_CART_LABELS.added)
      ) : (
        t(ADD_TO_CART_LABELS.idle)
      )}
    </Button>
  );
}
