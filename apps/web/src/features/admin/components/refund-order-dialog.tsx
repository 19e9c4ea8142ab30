import { STORE_ORDER_MESSAGES, formatMoney } from '@marketplace/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useRefundStoreOrder } from '../api/refund-store-order';
import { refundableAmount, serverMessageOr } from '../utils/store-orders';
import type { StoreOrderDialogProps } from './ship-order-dialog';

/** Refund asks first: the money goes back to the buyer's card and cannot be taken back. */
export function RefundOrderDialog({ show, order, onClose, onExited }: StoreOrderDialogProps) {
  const refund = useRefundStoreOrder();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!order) return;
    setError(null);
    refund.mutate(order.id, {
      onSuccess: () => {
        toast.success(STORE_ORDER_MESSAGES.refunded);
        onClose();
      },
      onError: (failure) => {
        const message = serverMessageOr(failure, STORE_ORDER_MESSAGES.refundFailed);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <ConfirmDialog
      show={show}
      title="Refund order"
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      confirmVariant="danger"
      pending={refund.isPending}
      error={error}
      onConfirm={confirm}
      onClose={() => {
        setError(null);
        refund.reset();
        onClose();
      }}
      onExited={() => {
        setError(null);
        onExited();
      }}
    >
      <p className="mb-0">
        Refund order <strong>#{order?.reference}</strong>?{' '}
        {order ? (
          <strong className="price">{formatMoney(refundableAmount(order), order.currency)}</strong>
        ) : null}{' '}
        goes back to the buyer&apos;s card. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
