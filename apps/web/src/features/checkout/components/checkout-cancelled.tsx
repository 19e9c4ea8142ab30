import { Link } from 'react-router';
import '../checkout.css';

export const PAYMENT_CANCELLED = 'Payment cancelled — your bag is saved.';

/** The payment provider's cancel return: nothing was charged and the bag is untouched. */
export function CheckoutCancelled() {
  return (
    <div className="checkout-state">
      <h1 className="page-title">Checkout Cancelled</h1>
      <p>{PAYMENT_CANCELLED}</p>
      <Link to="/shopping-bag" className="btn btn-primary">
        Back to your bag
      </Link>
    </div>
  );
}
