import { STORE_ORDER_MESSAGES, type StoreOrderView } from '@marketplace/shared';
import Button from 'react-bootstrap/Button';
import { toast } from '../../../lib/toast';
import { useAdvanceTracker } from '../api/advance-tracker';
import { serverMessageOr } from '../utils/store-orders';

/** With the built-in shipping provider, the seller (or a test) moves the parcel's tracker on. */
export function AdvanceTrackerButton({ order }: { order: StoreOrderView }) {
  const advance = useAdvanceTracker();
  if (!order.canAdvanceTracker) return null;
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      disabled={advance.isPending}
      onClick={() =>
        advance.mutate(order.id, {
          onSuccess: () => toast.success(STORE_ORDER_MESSAGES.trackerAdvanced),
          onError: (error) =>
            toast.error(serverMessageOr(error, STORE_ORDER_MESSAGES.trackerFailed)),
        })
      }
      aria-label={`${STORE_ORDER_MESSAGES.advanceTracker} for order ${order.reference}`}
      title={STORE_ORDER_MESSAGES.advanceTracker}
    >
      {STORE_ORDER_MESSAGES.advanceTrackerShort}
    </Button>
  );
}
