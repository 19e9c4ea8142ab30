import { STORE_ORDER_MESSAGES, type StoreOrderView } from '@marketplace/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useShipStoreOrder } from '../api/ship-store-order';
import { serverMessageOr } from '../utils/store-orders';

export interface StoreOrderDialogProps {
  show: boolean;
  order: StoreOrderView | null;
  onClose: () => void;
  onExited: () => void;
}

/** Ship asks first: once shipped, the order's items can no longer be changed. */
export function ShipOrderDialog({ show, order, onClose, onExited }: StoreOrderDialogProps) {
  const ship = useShipStoreOrder();
  const [error, setError] = useState<string | null>(null);
  const accepted = order?.items.filter((item) => item.status === 'ACCEPTED').length ?? 0;

  const confirm = () => {
    if (!order) return;
    setError(null);
    ship.mutate(order.id, {
      onSuccess: () => {
        toast.success(STORE_ORDER_MESSAGES.shipped);
        onClose();
      },
      onError: (failure) => {
        const message = serverMessageOr(failure, STORE_ORDER_MESSAGES.shipFailed);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <ConfirmDialog
      show={show}
      title="Ship order"
      confirmLabel="Ship"
      pendingLabel="Shipping..."
      pending={ship.isPending}
      error={error}
      onConfirm={confirm}
      onClose={() => {
        setError(null);
        ship.reset();
        onClose();
      }}
      onExited={() => {
        setError(null);
        onExited();
      }}
    >
      <p className="mb-0">
        Mark order <strong>#{order?.reference}</strong> as shipped? Its {accepted} accepted{' '}
        {accepted === 1 ? 'item' : 'items'} become shipped. Do this once the parcel is on its way:
        it cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
