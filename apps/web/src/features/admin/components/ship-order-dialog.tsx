import { STORE_ORDER_MESSAGES } from '@marketplace/shared';
import { useShipStoreOrder } from '../api/ship-store-order';
import { StoreOrderActionDialog, type StoreOrderDialogProps } from './store-order-dialog';

/** Ship asks first: once shipped, the order's items can no longer be changed. */
export function ShipOrderDialog(props: StoreOrderDialogProps) {
  const ship = useShipStoreOrder();
  const accepted = props.order?.items.filter((item) => item.status === 'ACCEPTED').length ?? 0;
  return (
    <StoreOrderActionDialog
      {...props}
      action={ship}
      title="Ship order"
      confirmLabel="Ship"
      pendingLabel="Shipping..."
      succeeded={STORE_ORDER_MESSAGES.shipped}
      failed={STORE_ORDER_MESSAGES.shipFailed}
    >
      <p className="mb-0">
        Mark order <strong>#{props.order?.reference}</strong> as shipped? Its {accepted} accepted{' '}
        {accepted === 1 ? 'item' : 'items'} become shipped. Do this once the parcel is on its way:
        it cannot be undone.
      </p>
    </StoreOrderActionDialog>
  );
}
