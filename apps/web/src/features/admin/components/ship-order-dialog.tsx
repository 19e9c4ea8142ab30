import {
  CARRIERS,
  LABEL_CARRIER,
  STORE_ORDER_MESSAGES,
  shipStoreOrderSchema,
  shipsWithParcel,
  type StoreOrderView,
} from '@marketplace/shared';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useI18n } from '../../../i18n/i18n-context';
import { useShipStoreOrder, type ShipStoreOrderRequest } from '../api/ship-store-order';
import { StoreOrderActionDialog, type StoreOrderDialogProps } from './store-order-dialog';

/**
 * Ship asks first: once shipped, the order's items can no longer be changed. The parcel goes
 * with this site's label, or with a carrier the seller names and its tracking number.
 */
export function ShipOrderDialog(props: StoreOrderDialogProps) {
  const ship = useShipStoreOrder();
  const { t } = useI18n();
  const id = useId();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const accepted = props.order?.items.filter(shipsWithParcel).length ?? 0;

  const variables = (order: StoreOrderView): ShipStoreOrderRequest | null => {
    if (!carrier) return { storeOrderId: order.id, body: {} };
    const parsed = shipStoreOrderSchema.safeParse({ carrier, trackingNumber });
    if (!parsed.success) {
      setFieldError(t(parsed.error.issues[0]?.message ?? STORE_ORDER_MESSAGES.trackingNumber));
      return null;
    }
    setFieldError(null);
    return { storeOrderId: order.id, body: parsed.data ?? {} };
  };

  const reset = () => {
    setCarrier('');
    setTrackingNumber('');
    setFieldError(null);
  };

  return (
    <StoreOrderActionDialog
      {...props}
      onExited={() => {
        reset();
        props.onExited();
      }}
      action={ship}
      variables={variables}
      title={t('Ship order')}
      confirmLabel={t('Ship')}
      pendingLabel={t('Shipping...')}
      succeeded={STORE_ORDER_MESSAGES.shipped}
      failed={STORE_ORDER_MESSAGES.shipFailed}
    >
      <p>
        {t('Mark order')} <strong>#{props.order?.reference}</strong> {t('as shipped?')}{' '}
        {t(STORE_ORDER_MESSAGES.shipAcceptedMessage, { accepted })}{' '}
        {t('Do this once the parcel is on its way: it cannot be undone.')}
      </p>
      <Form.Group className="mb-3" controlId={`${id}-carrier`}>
        <Form.Label>{t('Carrier')}</Form.Label>
        <Form.Select value={carrier} onChange={(event) => setCarrier(event.target.value)}>
          <option value="">
            {t("{carrier} (this site's shipping label)", { carrier: LABEL_CARRIER })}
          </option>
          {CARRIERS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {carrier ? (
        <Form.Group className="mb-0" controlId={`${id}-tracking`}>
          <Form.Label>{t('Tracking number')}</Form.Label>
          <Form.Control
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.target.value)}
            autoComplete="off"
            maxLength={40}
            isInvalid={fieldError !== null}
            aria-describedby={fieldError ? `${id}-tracking-error` : undefined}
          />
          <Form.Control.Feedback type="invalid" id={`${id}-tracking-error`}>
            {fieldError}
          </Form.Control.Feedback>
        </Form.Group>
      ) : (
        <p className="mb-0 text-secondary">
          {t('The tracking number is the one on the shipping label.')}
        </p>
      )}
    </StoreOrderActionDialog>
  );
}
