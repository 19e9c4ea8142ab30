import {
  DELIVERY_MESSAGES,
  ORDER_PROGRESS_LABELS,
  trackingEventLabel,
  type ParcelView,
  type TrackingEventView,
} from '@marketplace/shared';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../i18n/i18n-context';
import { useConfirmReceived } from '../api/confirm-received';
import { ORDER_DATE } from '../utils/order-format';

/** "Nov 24, 2026, 3:05 PM" / "24 nov. 2026, 15 h 05". */
const EVENT_TIME: Intl.DateTimeFormatOptions = {
  ...ORDER_DATE,
  hour: 'numeric',
  minute: '2-digit',
};

const newestFirst = (events: readonly TrackingEventView[]) =>
  [...events].sort((a, b) => Date.parse(b.occurredAt) - Date.parse(a.occurredAt));

/**
 * Issue 16: each brand's parcel as its buyer follows it: the carrier, a tracking link (the
 * provider's page, or the history below for the built-in provider), its status, when it
 * arrived, and "I received it" while it is on its way.
 */
export function ParcelTracking({ parcel }: { parcel: ParcelView }) {
  const { t, formatDate } = useI18n();
  const confirm = useConfirmReceived();
  const historyId = `parcel-${parcel.id}-tracking`;
  const onConfirm = () =>
    confirm.mutate(parcel.id, {
      onSuccess: () => toast.success(t(DELIVERY_MESSAGES.confirmed)),
      onError: () => toast.error(t(DELIVERY_MESSAGES.confirmFailed)),
    });

  return (
    <section className="parcel" aria-label={t('Parcel from {store}', { store: parcel.store })}>
      <h3 className="parcel__title">
        {parcel.store}: {t(ORDER_PROGRESS_LABELS[parcel.progress])}
      </h3>
      {parcel.trackingNumber ? (
        <p className="parcel__carrier">
          {parcel.carrier ?? t('Carrier')} · {parcel.trackingNumber} ·{' '}
          {parcel.trackingUrl ? (
            <a href={parcel.trackingUrl} target="_blank" rel="noreferrer">
              {t(DELIVERY_MESSAGES.track)}
            </a>
          ) : parcel.events.length > 0 ? (
            <a href={`#${historyId}`}>{t(DELIVERY_MESSAGES.track)}</a>
          ) : null}
        </p>
      ) : null}
      {parcel.deliveredAt ? (
        <p className="parcel__delivered">
          {t(
            parcel.deliveryAssumed
              ? DELIVERY_MESSAGES.assumedDeliveredOnMessage
              : DELIVERY_MESSAGES.deliveredOnMessage,
            { date: formatDate(parcel.deliveredAt, ORDER_DATE) },
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
          {t(DELIVERY_MESSAGES.confirm)}
        </button>
      ) : null}
      {/* Issue 39 item 29: the tracking events as a timeline, newest first. */}
      {parcel.events.length > 0 ? (
        <ol id={historyId} className="parcel__timeline" aria-label={t(DELIVERY_MESSAGES.history)}>
          {newestFirst(parcel.events).map((event, index) => (
            <li
              key={`${event.status}-${event.occurredAt}`}
              className="parcel__event"
              aria-current={index === 0 ? 'step' : undefined}
            >
              <time dateTime={event.occurredAt}>{formatDate(event.occurredAt, EVENT_TIME)}</time>
              <strong className="parcel__event-status">
                {t(trackingEventLabel(event.status))}
              </strong>
              <span className="parcel__event-message">
                {event.message}
                {event.location ? ` · ${event.location}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
