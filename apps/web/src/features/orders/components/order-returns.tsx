import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  RETURN_MESSAGES as M,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  colorLabel,
  returnFormSchema,
  type OrderView,
  type ReturnReason,
  type ReturnView,
  type ReturnableStoreOrder,
} from '@marketplace/shared';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateReturn } from '../api/create-return';
import { useReturnLabel } from '../api/get-return-label';
import { useReturnable } from '../api/get-returnable';
import { useOrderReturns } from '../api/get-returns';
import { useI18n } from '../../../i18n/i18n-context';
import { ORDER_DATE } from '../utils/order-format';

const RETURN_LINE_STATUSES = new Set([
  'RETURN_REQUESTED',
  'RETURN_IN_TRANSIT',
  'RETURN_RECEIVED',
  'REFUNDED',
]);

/** A return whose parcel has not reached the brand yet: its label or address is still needed. */
const RETURN_STILL_TO_SEND = new Set<ReturnView['status']>(['REQUESTED', 'IN_TRANSIT']);

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/**
 * Issue 16 item 4 on My Orders: an open order's returns (status, label, refund) and, for a
 * delivered parcel within its 14 days, "Return items". Asked for only once the order is open.
 */
export function OrderReturns({ order, open }: { order: OrderView; open: boolean }) {
  const { t } = useI18n();
  const delivered = order.items.some((item) => item.status === 'DELIVERED');
  const returned = order.items.some((item) => RETURN_LINE_STATUSES.has(item.status));
  const returns = useOrderReturns(order.id, open && (delivered || returned));
  const returnable = useReturnable(order.id, open && delivered);
  if (!delivered && !returned) return null;

  const parcels = (returnable.data ?? []).filter((p) => p.lines.some((l) => l.returnable));
  return (
    <section
      className="order-returns"
      aria-label={t('Returns of order {reference}', {
        reference: order.id.slice(0, 8).toUpperCase(),
      })}
    >
      {returns.isError ? (
        <p className="text-danger" role="alert">
          {t(M.loadFailed)}
        </p>
      ) : null}
      {returns.data && returns.data.length > 0 ? (
        <ul className="order-returns__list" aria-label={t('Your returns')}>
          {returns.data.map((one) => (
            <ReturnSummary key={one.id} value={one} />
          ))}
        </ul>
      ) : null}
      {parcels.map((parcel) => (
        <ReturnForm key={parcel.storeOrderId} orderId={order.id} parcel={parcel} />
      ))}
    </section>
  );
}

function ReturnSummary({ value }: { value: ReturnView }) {
  const { t, formatMoney, formatDate } = useI18n();
  const label = useReturnLabel();
  const money = (amount: number) => formatMoney(amount, value.currency);
  const stillToSend = RETURN_STILL_TO_SEND.has(value.status);
  const openLabel = () => {
    // The window opens inside the click (popup blockers), then receives the PDF.
    const target = window.open('', '_blank');
    label.mutateAsync(value.id).then(
      (pdf) => {
        const url = URL.createObjectURL(pdf);
        if (target && !target.closed) target.location.href = url;
        else window.location.assign(url);
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
      (error: unknown) => {
        target?.close();
        toast.error(t(serverMessage(error, M.labelFailed)));
      },
    );
  };
  return (
    <li className="order-return">
      <p className="order-return__head">
        <strong>{t(RETURN_STATUS_LABELS[value.status])}</strong>
        {value.refundOverdue ? (
          <span className="badge text-bg-danger ms-2">{t(M.refundOverdue)}</span>
        ) : null}
        <span className="text-secondary">
          {' '}
          ·{' '}
          {t('{store} · {reason} · requested {date}', {
            store: value.storeName,
            reason: t(RETURN_REASON_LABELS[value.reason]),
            date: formatDate(value.requestedAt, ORDER_DATE),
          })}
        </span>
      </p>
      <p className="mb-1">
        {value.lines
          .map((l) => `${l.itemName} (${l.size}, ${t(colorLabel(l.color))}) × ${l.quantity}`)
          .join(', ')}
      </p>
      {/* Issue 39 item 29: how to send it back, only until the brand has the parcel. */}
      {!stillToSend ? null : value.label ? (
        value.label.url.startsWith('/api/') ? (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={openLabel}
            disabled={label.isPending}
          >
            {label.isPending ? t('Opening label…') : t('Print return label')}
          </Button>
        ) : (
          <a
            className="btn btn-outline-primary btn-sm"
            href={value.label.url}
            target="_blank"
            rel="noreferrer"
          >
            {t('Print return label')}
          </a>
        )
      ) : (
        <p className="mb-1">
          {t(M.notPrepaid)}{' '}
          <span className="order-return__address">
            {value.returnAddress.fullName}, {value.returnAddress.streetAddress},{' '}
            {value.returnAddress.city} {value.returnAddress.province}{' '}
            {value.returnAddress.postalCode}, {value.returnAddress.country}
          </span>
        </p>
      )}
      {value.label ? (
        <span className="order-return__tracking text-secondary">
          {' '}
          {value.label.carrier} · {value.label.trackingNumber}
        </span>
      ) : null}
      <p className="order-return__refund mb-0">
        {value.status === 'REFUNDED'
          ? t('Refunded {amount} (tax {tax})', {
              amount: money(value.amount),
              tax: money(value.tax),
            })
          : t('Refund on receipt: {amount} (tax {tax})', {
              amount: money(value.amount),
              tax: money(value.tax),
            })}
      </p>
    </li>
  );
}

/** The return form of one delivered parcel: its returnable lines and a reason. */
export function ReturnForm({ orderId, parcel }: { orderId: string; parcel: ReturnableStoreOrder }) {
  const { t, formatMoney, formatDate } = useI18n();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  /** Units to send back of a chosen line of several, when fewer than all (issue 39.8). */
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [errors, setErrors] = useState<{ orderItemIds?: string; reason?: string }>({});
  const create = useCreateReturn(orderId);
  const id = useId();
  const lines = parcel.lines.filter((l) => l.returnable);

  if (!open)
    return (
      <p className="order-returns__start">
        <Button variant="outline-primary" size="sm" onClick={() => setOpen(true)}>
          {t(M.returnItems)}
        </Button>
        <span className="text-secondary">
          {' '}
          {parcel.returnBy
            ? t('from {store} until {date}', {
                store: parcel.storeName,
                date: formatDate(parcel.returnBy, ORDER_DATE),
              })
            : t('from {store}', { store: parcel.storeName })}
        </span>
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const partly = Object.entries(units).filter(([id, count]) => {
      const line = lines.find((one) => one.orderItemId === Number(id));
      return line && chosen.includes(line.orderItemId) && count < line.quantity;
    });
    const parsed = returnFormSchema.safeParse({
      orderItemIds: chosen,
      reason: reason || undefined,
      ...(partly.length > 0 ? { quantities: Object.fromEntries(partly) } : {}),
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'orderItemIds' | 'reason';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(
      { storeOrderId: parcel.storeOrderId, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(t(M.requested));
          setOpen(false);
          setChosen([]);
          setUnits({});
          setReason('');
        },
      },
    );
  };

  const itemsError = `${id}-items-error`;
  return (
    <Form
      noValidate
      onSubmit={submit}
      className="return-form"
      aria-label={t('Return items from {store}', { store: parcel.storeName })}
    >
      <fieldset disabled={create.isPending}>
        <legend className="return-form__legend">
          {t('Items to return from {store}', { store: parcel.storeName })}
        </legend>
        {lines.map((line) => (
          <div key={line.orderItemId} className="return-form__line">
            <Form.Check
              id={`${id}-line-${line.orderItemId}`}
              type="checkbox"
              label={t('{name} ({size}, {color}) × {quantity}: {amount} + tax {tax}', {
                name: line.itemName,
                size: line.size,
                color: t(colorLabel(line.color)),
                quantity: line.quantity,
                amount: formatMoney(line.itemPrice * line.quantity, parcel.currency),
                tax: formatMoney(line.tax, parcel.currency),
              })}
              checked={chosen.includes(line.orderItemId)}
              isInvalid={Boolean(errors.orderItemIds)}
              aria-describedby={errors.orderItemIds ? itemsError : undefined}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked
                    ? [...current, line.orderItemId]
                    : current.filter((one) => one !== line.orderItemId),
                )
              }
            />
            {line.quantity > 1 && chosen.includes(line.orderItemId) ? (
              <Form.Group
                className="return-form__units"
                controlId={`${id}-units-${line.orderItemId}`}
              >
                <Form.Label>{t(M.units)}</Form.Label>
                <Form.Select
                  size="sm"
                  value={units[line.orderItemId] ?? line.quantity}
                  onChange={(event) =>
                    setUnits((current) => ({
                      ...current,
                      [line.orderItemId]: Number(event.target.value),
                    }))
                  }
                >
                  {Array.from({ length: line.quantity }, (_, index) => line.quantity - index).map(
                    (count) => (
                      <option key={count} value={count}>
                        {count === line.quantity
                          ? t('All {count}', { count })
                          : t('{count} of {quantity}', { count, quantity: line.quantity })}
                      </option>
                    ),
                  )}
                </Form.Select>
              </Form.Group>
            ) : null}
          </div>
        ))}
        {errors.orderItemIds ? (
          <div id={itemsError} className="invalid-feedback d-block">
            {t(errors.orderItemIds)}
          </div>
        ) : null}
        <Form.Group className="mt-2 mb-2" controlId={`${id}-reason`}>
          <Form.Label>{t('Reason')}</Form.Label>
          <Form.Select
            value={reason}
            isInvalid={Boolean(errors.reason)}
            aria-invalid={Boolean(errors.reason) || undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            onChange={(event) => setReason(event.target.value as ReturnReason | '')}
          >
            <option value="">{t('Choose a reason')}</option>
            {RETURN_REASONS.map((one) => (
              <option key={one} value={one}>
                {t(RETURN_REASON_LABELS[one])}
              </option>
            ))}
          </Form.Select>
          {errors.reason ? (
            <Form.Control.Feedback type="invalid" id={`${id}-reason-error`}>
              {t(errors.reason)}
            </Form.Control.Feedback>
          ) : null}
        </Form.Group>
        {!parcel.labelFree ? <p className="text-secondary small">{t(M.notPrepaid)}</p> : null}
        {create.isError ? (
          <Alert variant="danger" className="py-2">
            {t(serverMessage(create.error, M.requestFailed))}
          </Alert>
        ) : null}
        <div className="return-form__actions">
          <Button type="submit" size="sm">
            {create.isPending ? t('Requesting…') : t('Request return')}
          </Button>
          <Button variant="link" size="sm" onClick={() => setOpen(false)}>
            {t('Cancel')}
          </Button>
        </div>
      </fieldset>
    </Form>
  );
}
