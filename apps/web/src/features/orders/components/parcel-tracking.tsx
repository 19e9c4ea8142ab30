import { DELIVERY_MESSAGES, ORDER_PROGRESS_LABELS, type ParcelView } from '@marketplace/shared';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../i18n/i18n-context';
import { useConfirmReceived } from '../api/confirm-received';
import { ORDER_DATE } from '../utils/order-format';

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
      {parcel.events.length > 0 ? (
        <ol id={historyId} className="parcel__events" aria-label={t(DELIVERY_MESSAGES.history)}>
          {parcel.events.map((event) => (
            <li key={`${event.status}-${event.occurredAt}`}>
              <time dateTime={event.occurredAt}>{formatDate(event.occurredAt, ORDER_DATE)}</time>{' '}
              {event.message}
              {event.location ? ` (${event.location})` : ''}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
