import { DELIVERY_MESSAGES, FULFILMENT_STATUS_LABELS, type ParcelView } from '@marketplace/shared';
import { toast } from '../../../lib/toast';
import { useConfirmReceived } from '../api/confirm-received';
import { formatOrderDate } from '../utils/order-format';

/**
 * Issue 16: each brand's parcel as its buyer follows it: the carrier, a tracking link (the
 * provider's page, or the history below for the built-in provider), its status, when it
 * arrived, and "I received it" while it is on its way.
 */
export function ParcelTracking({ parcel }: { parcel: ParcelView }) {
  const confirm = useConfirmReceived();
  const historyId = `parcel-${parcel.id}-tracking`;
  const onConfirm = () =>
    confirm.mutate(parcel.id, {
      onSuccess: () => toast.success(DELIVERY_MESSAGES.confirmed),
      onError: () => toast.error(DELIVERY_MESSAGES.confirmFailed),
    });

  return (
    <section className="parcel" aria-label={`Parcel from ${parcel.store}`}>
      <h3 className="parcel__title">
        {parcel.store}: {FULFILMENT_STATUS_LABELS[parcel.status]}
      </h3>
      {parcel.trackingNumber ? (
        <p className="parcel__carrier">
          {parcel.carrier ?? 'Carrier'} · {parcel.trackingNumber} ·{' '}
          {parcel.trackingUrl ? (
            <a href={parcel.trackingUrl} target="_blank" rel="noreferrer">
              {DELIVERY_MESSAGES.track}
            </a>
          ) : parcel.events.length > 0 ? (
            <a href={`#${historyId}`}>{DELIVERY_MESSAGES.track}</a>
          ) : null}
        </p>
      ) : null}
      {parcel.deliveredAt ? (
        <p className="parcel__delivered">
          {DELIVERY_MESSAGES.deliveredOn(
            formatOrderDate(parcel.deliveredAt),
            parcel.deliveryAssumed,
          )}
        </p>
      ) : null}
      {parcel.canConfirmDelivery ? (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          onClick={onConfirm}
          disabled={confirm.isPending}
        >
          {DELIVERY_MESSAGES.confirm}
        </button>
      ) : null}
      {parcel.events.length > 0 ? (
        <ol id={historyId} className="parcel__events" aria-label={DELIVERY_MESSAGES.history}>
          {parcel.events.map((event) => (
            <li key={`${event.status}-${event.occurredAt}`}>
              <time dateTime={event.occurredAt}>{formatOrderDate(event.occurredAt)}</time>{' '}
              {event.message}
              {event.location ? ` (${event.location})` : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
