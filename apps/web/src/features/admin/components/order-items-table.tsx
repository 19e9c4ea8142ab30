import {
  ORDER_ITEM_STATUS_LABELS,
  STORE_ORDER_MESSAGES,
  canAcceptItem,
  canRejectItem,
  colorLabel,
  sizeLabel,
  type OrderItemDecision,
  type StoreOrderItemView,
  type StoreOrderView,
} from '@marketplace/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useI18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { useDecideOrderItem } from '../api/decide-order-item';
import { serverMessageOr } from '../utils/store-orders';

interface OrderItemRowProps {
  order: StoreOrderView;
  item: StoreOrderItemView;
}

function OrderItemRow({ order, item }: OrderItemRowProps) {
  const decide = useDecideOrderItem();
  const { t, locale, formatMoney } = useI18n();
  // English keeps the stored size (spec 2's table); French reads its French name.
  const size = locale === 'en' ? item.size : t(sizeLabel(item.size));
  // Issue 39 item 13: the colour's word in both languages, never its code.
  const color = t(colorLabel(item.color));
  const label = t('{name} ({size}, {color})', { name: item.itemName, size, color });
  // Reject asks first, like Ship and Refund: its refund cannot be taken back (issue 13).
  const [confirmReject, setConfirmReject] = useState(false);
  const [rejectError, setRejectError] = useState<string | null>(null);

  const send = (newStatus: OrderItemDecision['newStatus']) =>
    decide.mutate(
      { storeOrderId: order.id, orderItemId: item.id, newStatus },
      {
        onSuccess: ({ status }) => {
          toast.success(t(STORE_ORDER_MESSAGES.itemUpdatedMessage, { status }));
          setConfirmReject(false);
        },
        onError: (error) => {
          const message = t(serverMessageOr(error, STORE_ORDER_MESSAGES.itemUpdateFailed));
          toast.error(message);
          if (newStatus === 'REJECTED_REFUND_IN_PROGRESS') setRejectError(message);
        },
      },
    );

  return (
    <tr>
      <th scope="row" className="admin-table__name">
        <Link to={`/product/${item.itemId}`} className="order-item-product">
          {item.thumbnail ? (
            <img
              src={item.thumbnail}
              alt=""
              width={48}
              height={64}
              loading="lazy"
              className="admin-table__thumb"
            />
          ) : (
            <span className="admin-table__thumb admin-table__thumb--empty" aria-hidden="true">
              {t('No image')}
            </span>
          )}
          <span>{item.itemName}</span>
        </Link>
      </th>
      <td>{size}</td>
      <td>{color}</td>
      <td className="text-end">{item.quantity}</td>
      <td className="text-end price">{formatMoney(item.itemPrice, order.currency)}</td>
      <td className="text-end">{item.ordered}</td>
      <td>{t(ORDER_ITEM_STATUS_LABELS[item.status])}</td>
      <td className="admin-table__pinned">
        <div className="admin-table__actions">
          <Button
            variant="outline-primary"
            size="sm"
            disabled={decide.isPending || !canAcceptItem(item)}
            onClick={() => send('ACCEPTED')}
            aria-label={t('Accept {item}', { item: label })}
          >
            {t('Accept')}
          </Button>
          <Button
            variant="outline-danger"
            size="sm"
            disabled={decide.isPending || !canRejectItem(item)}
            onClick={() => setConfirmReject(true)}
            aria-label={t('Reject {item}', { item: label })}
          >
            {t('Reject')}
          </Button>
        </div>
        <ConfirmDialog
          show={confirmReject}
          title={t('Reject item')}
          confirmLabel={t('Reject')}
          pendingLabel={t('Rejecting...')}
          confirmVariant="danger"
          pending={decide.isPending}
          error={rejectError}
          onConfirm={() => {
            setRejectError(null);
            send('REJECTED_REFUND_IN_PROGRESS');
          }}
          onClose={() => {
            setRejectError(null);
            setConfirmReject(false);
          }}
        >
          <p className="mb-0">{t(STORE_ORDER_MESSAGES.rejectConfirmMessage, { item: label })}</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}

/** Spec 2: an expanded order's items, each accepted or rejected on its own (spec 4). */
export function OrderItemsTable({ order }: { order: StoreOrderView }) {
  const { t } = useI18n();
  return (
    <div
      className="admin-table-scroll admin-table-scroll--nested"
      role="region"
      aria-label={t('Items in order {reference}', { reference: order.reference })}
      tabIndex={0}
    >
      <table className="table admin-table admin-table--items align-middle">
        <thead>
          <tr>
            <th scope="col">{t('Product')}</th>
            <th scope="col">{t('Size')}</th>
            <th scope="col">{t('Color')}</th>
            <th scope="col" className="text-end">
              {t('Qty')}
            </th>
            <th scope="col" className="text-end">
              {t('Price')}
            </th>
            <th scope="col" className="text-end">
              {t('Ordered')}
            </th>
            <th scope="col">{t('Status')}</th>
            <th scope="col" className="admin-table__pinned">
              {t('Actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <OrderItemRow key={item.id} order={order} item={item} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
