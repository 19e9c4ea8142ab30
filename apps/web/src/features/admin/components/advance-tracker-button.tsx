import { STORE_ORDER_MESSAGES, type StoreOrderView } from '@marketplace/shared';
import Button from 'react-bootstrap/Button';
import { useI18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { useAdvanceTracker } from '../api/advance-tracker';
import { serverMessageOr } from '../utils/store-orders';

/** With the built-in shipping provider, the seller (or a test) moves the parcel's tracker on. */
export function AdvanceTrackerButton({ order }: { order: StoreOrderView }) {
  const advance = useAdvanceTracker();
  const { t } = useI18n();
  if (!order.canAdvanceTracker) return null;
  return (
    <Button
      variant="outline-secondary"
      size="sm"
      disabled={advance.isPending}
      onClick={() =>
        advance.mutate(order.id, {
          onSuccess: () => toast.success(t(STORE_ORDER_MESSAGES.trackerAdvanced)),
          onError: (error) =>
            toast.error(t(serverMessageOr(error, STORE_ORDER_MESSAGES.trackerFailed))),
        })
      }
      aria-label={t('{action} for order {reference}', {
        action: t(STORE_ORDER_MESSAGES.advanceTrackerShort),
        reference: order.reference,
      })}
      title={t(STORE_ORDER_MESSAGES.advanceTracker)}
    >
      {t(STORE_ORDER_MESSAGES.advanceTrackerShort)}
    </Button>
  );
}
