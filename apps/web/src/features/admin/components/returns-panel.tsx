import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  RETURN_MESSAGES as M,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  canMove,
  colorLabel,
  sizeLabel,
  receiveReturnSchema,
  type FulfilmentStatus,
  type ReceiveReturnInput,
  type ReturnView,
} from '@marketplace/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pagination';
import { useI18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { STORE_RETURNS_PAGE_SIZE, useStoreReturns } from '../api/get-store-returns';
import { useReceiveReturn } from '../api/receive-return';
import { serverMessageOr } from '../utils/store-orders';

/** The state machine's table decides: every line of the return may be received by the brand. */
const canReceive = (value: ReturnView) =>
  value.lines.length > 0 &&
  value.lines.every((line) =>
    canMove('item', line.status as FulfilmentStatus, 'RETURN_RECEIVED', 'seller'),
  );

/** The Returns tab (issue 16): the store's returns, 20 a page; receive them to refund them. */
export function ReturnsPanel() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  const returns = useStoreReturns(page);

  let content;
  if (returns.isPending) content = <PageLoader label={t('Loading returns…')} />;
  else if (returns.isError)
    content = (
      <Alert variant="danger" className="admin-panel__alert">
        <span>{t(M.loadFailed)}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void returns.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  else if (returns.data.total === 0)
    content = (
      <div className="empty-state">
        <p className="mb-1">{t(M.noReturns)}</p>
        <p className="text-secondary mb-0">
          {t(
            'When a buyer sends items back, the return shows here: mark it received when the parcel arrives and its refund goes to the buyer at once.',
          )}
        </p>
      </div>
    );
  else
    content = (
      <>
        <ul
          className="admin-returns"
          aria-label={t('Returns')}
          aria-busy={returns.isPlaceholderData}
        >
          {returns.data.items.map((value) => (
            <ReturnRow key={value.id} value={value} />
          ))}
        </ul>
        <Pager
          page={page}
          pageCount={Math.ceil(returns.data.total / STORE_RETURNS_PAGE_SIZE)}
          onPageChange={setPage}
          label={t('Return pages')}
        />
      </>
    );

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2 className="section-title mb-0">{t('Returns')}</h2>
      </div>
      {content}
    </div>
  );
}

function ReturnRow({ value }: { value: ReturnView }) {
  const receive = useReceiveReturn();
  const { t, locale, formatMoney, formatDate } = useI18n();
  const [damaged, setDamaged] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  // Receiving refunds the buyer at once: it asks first, naming the amount, as Ship and Reject do.
  const [confirming, setConfirming] = useState<ReceiveReturnInput | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const id = useId();
  const money = (amount: number) => formatMoney(amount, value.currency);
  const allowed = canReceive(value);

  const send = (body: ReceiveReturnInput) =>
    receive.mutate(
      { returnId: value.id, body },
      {
        onSuccess: (after) => {
          if (after.status === 'REFUNDED') toast.success(t(M.received));
          else toast.error(t(M.refundFailed));
          setConfirming(null);
          setDamaged(false);
        },
        onError: (error) => {
          const message = t(serverMessageOr(error, M.receiveFailed));
          toast.error(message);
          setConfirmError(message);
        },
      },
    );

  const submitDamaged = (event: FormEvent) => {
    event.preventDefault();
    const parsed = receiveReturnSchema.safeParse({ damaged: true, note });
    if (!parsed.success) {
      setNoteError(t(parsed.error.issues[0]?.message ?? M.damagedNoteRequired));
      return;
    }
    setNoteError(null);
    setConfirming(parsed.data);
  };

  return (
    <li className="admin-return">
      <div className="admin-return__head">
        <strong>#{value.reference}</strong>
        <span>{value.buyerName}</span>
        <span>{t(RETURN_STATUS_LABELS[value.status])}</span>
        {value.refundOverdue ? (
          <span className="badge text-bg-danger">{t(M.refundOverdue)}</span>
        ) : null}
      </div>
      <p className="mb-1">
        {t(RETURN_REASON_LABELS[value.reason])} ·{' '}
        {t('requested {date}', { date: formatDate(value.requestedAt) })}
        {value.label ? ` · ${value.label.carrier} ${value.label.trackingNumber}` : ''}
      </p>
      <ul className="admin-return__lines">
        {value.lines.map((line) => (
          <li key={line.orderItemId}>
            {line.itemName} ({locale === 'en' ? line.size : t(sizeLabel(line.size))},{' '}
            {t(colorLabel(line.color))}) × {line.quantity}
          </li>
        ))}
      </ul>
      <p className="mb-2">
        {t('Refund {amount} (tax {tax})', { amount: money(value.amount), tax: money(value.tax) })}
        {value.damaged && value.note
          ? ` · ${t('Received damaged: {note}', { note: value.note })}`
          : ''}
      </p>
      {allowed && !damaged ? (
        <div className="admin-return__actions">
          <Button
            size="sm"
            disabled={receive.isPending}
            onClick={() => setConfirming({ damaged: false })}
          >
            {t(M.markReceived)}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            disabled={receive.isPending}
            onClick={() => setDamaged(true)}
          >
            {t(M.receivedDamaged)}
          </Button>
        </div>
      ) : null}
      {allowed && damaged ? (
        <Form
          noValidate
          onSubmit={submitDamaged}
          aria-label={t('Received damaged: {note}', { note: `#${value.reference}` })}
        >
          <Form.Group controlId={`${id}-note`} className="mb-2">
            <Form.Label>{t('Damage note')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={note}
              isInvalid={Boolean(noteError)}
              aria-invalid={Boolean(noteError) || undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            {noteError ? (
              <Form.Control.Feedback type="invalid">{noteError}</Form.Control.Feedback>
            ) : null}
          </Form.Group>
          <div className="admin-return__actions">
            <Button type="submit" size="sm" variant="danger" disabled={receive.isPending}>
              {t('Save as received damaged')}
            </Button>
            <Button variant="link" size="sm" onClick={() => setDamaged(false)}>
              {t('Cancel')}
            </Button>
          </div>
        </Form>
      ) : null}
      <ConfirmDialog
        show={confirming !== null}
        title={t('Receive the return')}
        confirmLabel={t('Receive and refund {amount}', { amount: money(value.amount) })}
        pendingLabel={t('Refunding...')}
        pending={receive.isPending}
        error={confirmError}
        onConfirm={() => {
          setConfirmError(null);
          if (confirming) send(confirming);
        }}
        onClose={() => {
          setConfirmError(null);
          setConfirming(null);
        }}
      >
        <p className="mb-0">
          {t(
            'Mark the return of order #{reference} received? {amount} (tax {tax}) is refunded to {buyer} at once; a refund cannot be taken back.',
            {
              reference: value.reference,
              amount: money(value.amount),
              tax: money(value.tax),
              buyer: value.buyerName,
            },
          )}
        </p>
        {confirming?.damaged ? (
          <p className="mt-2 mb-0">{t('Received damaged: {note}', { note: confirming.note })}</p>
        ) : null}
      </ConfirmDialog>
    </li>
  );
}
