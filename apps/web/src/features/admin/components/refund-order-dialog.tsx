import { STORE_ORDER_MESSAGES, formatMoney, refundableAmount } from '@marketplace/shared';
import { useRefundStoreOrder } from '../api/refund-store-order';
import { StoreOrderActionDialog, type StoreOrderDialogProps } from './store-order-dialog';

/** Refund asks first: the money goes back to the buyer's card and cannot be taken back. */
export function RefundOrderDialog(props: StoreOrderDialogProps) {
  const refund = useRefundStoreOrder();
  const { order } = props;
  return (
    <StoreOrderActionDialog
      {...props}
      action={refund}
      variables={(order) => order.id}
      title="Refund order"
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      confirmVariant="danger"
      succeeded={STORE_ORDER_MESSAGES.refunded}
      failed={STORE_ORDER_MESSAGES.refundFailed}
    >
      <p className="mb-0">
        Refund order <strong>#{order?.reference}</strong>?{' '}
        {order ? (
          <strong className="price">{formatMoney(refundableAmount(order), order.currency)}</strong>
        ) : null}{' '}
        goes back to the buyer&apos;s card
        {order && order.tax > 0 ? ', its sales tax included' : ''}. This cannot be undone.
      </p>
    </StoreOrderActionDialog>
  );
}
