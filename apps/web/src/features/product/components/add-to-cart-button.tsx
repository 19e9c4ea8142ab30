import { MESSAGES, type ItemDetail, type ItemOption } from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { clearSession, getToken, getUserName, isTokenValid } from '../../../lib/session';
import { useAddToCart } from '../api/add-to-cart';
import { ADD_TO_CART_LABELS, PRODUCT_MESSAGES } from '../messages';

export const LOGIN_PATH = '/login';
export const BAG_PATH = '/shopping-bag';

interface AddToCartButtonProps {
  item: ItemDetail | undefined;
  option: ItemOption | null;
  quantity: number;
}

/**
 * Spec 4 and 5: 'Add to Cart'; a spinner while adding; then 'Added to Cart - Go to Checkout',
 * which opens the bag. 'Out of Stock' (disabled) when the product or the chosen option has none.
 * The page remounts it (a new key) when the choice changes, so "added" belongs to one choice.
 */
export function AddToCartButton({ item, option, quantity }: AddToCartButtonProps) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [added, setAdded] = useState(false);

  const outOfStock = item?.isAvailable === false || option?.count === 0;

  const onClick = () => {
    if (added) {
      void navigate(BAG_PATH);
      return;
    }
    if (!option) {
      toast.error(PRODUCT_MESSAGES.selectOption);
      return;
    }
    if (!item) {
      toast.error(PRODUCT_MESSAGES.invalidProduct);
      return;
    }
    const token = getToken();
    if (!token || !getUserName() || !isTokenValid(token)) {
      clearSession();
      toast.info(MESSAGES.sessionRequired);
      void navigate(LOGIN_PATH);
      return;
    }
    addToCart.mutate(
      { itemId: item.id, itemOptionId: option.id, quantity },
      {
        onSuccess: () => {
          setAdded(true);
          toast.success(PRODUCT_MESSAGES.added);
        },
        onError: (error) => {
          toast.error(
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : PRODUCT_MESSAGES.addFailed,
          );
        },
      },
    );
  };

  if (outOfStock) {
    return (
      <Button variant="primary" size="lg" className="add-to-cart" disabled>
        {ADD_TO_CART_LABELS.outOfStock}
      </Button>
    );
  }

  const adding = addToCart.isPending;
  return (
    <Button
      variant={added ? 'outline-primary' : 'primary'}
      size="lg"
      className="add-to-cart"
      onClick={onClick}
      disabled={adding}
      aria-busy={adding || undefined}
    >
      {adding ? (
        <>
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
          {ADD_TO_CART_LABELS.adding}
        </>
      ) : added ? (
        ADD_TO_CART_LABELS.added
      ) : (
        ADD_TO_CART_LABELS.idle
      )}
    </Button>
  );
}
