import {
  STORE_ORDER_FILTERS,
  STORE_ORDER_FILTER_LABELS,
  STORE_ORDER_MESSAGES,
  type StoreOrderFilter,
  type StoreOrderView,
} from '@marketplace/shared';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageLoader } from '../../../components/ui/page-loader';
import { Pager } from '../../../components/ui/pagination';
import { useI18n } from '../../../i18n/i18n-context';
import { STORE_ORDERS_PAGE_SIZE, useStoreOrders } from '../api/get-store-orders';
import { useShippingLabelWindow } from '../hooks/use-shipping-label-window';
import { OrdersTable } from './orders-table';
import { RefundOrderDialog } from './refund-order-dialog';
import { ShipOrderDialog } from './ship-order-dialog';

interface DialogState {
  action: 'ship' | 'refund' | null;
  order: StoreOrderView | null;
}

const CLOSED: DialogState = { action: null, order: null };

/** The Orders tab (spec 2 and 4): the store's orders, 20 a page, and what the seller does with them. */
export function OrdersPanel() {
  const { t } = useI18n();
  const [page, setPage] = useState(1);
  // Issue 39 item 17: which orders to show, filtered and paged by the server.
  const [status, setStatus] = useState<StoreOrderFilter | undefined>(undefined);
  const filterId = useId();
  const orders = useStoreOrders(page, status);
  const label = useShippingLabelWindow();
  // The order stays after closing, so the dialog keeps its words while it fades out.
  const [dialog, setDialog] = useState<DialogState>(CLOSED);
  const close = () => setDialog((current) => ({ ...current, action: null }));
  const clear = () => setDialog(CLOSED);

  let content;
  if (orders.isPending) {
    content = <PageLoader label={t('Loading orders…')} />;
  } else if (orders.isError) {
    content = (
      <Alert variant="danger" className="admin-panel__alert">
        <span>{t(STORE_ORDER_MESSAGES.loadFailed)}</span>
        <Button variant="outline-primary" size="sm" onClick={() => void orders.refetch()}>
          {t('Try again')}
        </Button>
      </Alert>
    );
  } else if (orders.data.total === 0 && status) {
    content = (
      <div className="empty-state">
        <p className="mb-0">{t(STORE_ORDER_MESSAGES.noOrdersFiltered)}</p>
      </div>
    );
  } else if (orders.data.total === 0) {
    content = (
      <div className="empty-state">
        <p className="mb-1">{t('No orders yet.')}</p>
        <p className="text-secondary mb-0">
          {t(
            'When a shopper buys from your store, the order shows here: accept or reject each item, then ship the parcel with its shipping label.',
          )}
        </p>
      </div>
    );
  } else {
    content = (
      <>
        <OrdersTable
          orders={orders.data.items}
          busy={orders.isPlaceholderData}
          onShip={(order) => setDialog({ action: 'ship', order })}
          onRefund={(order) => setDialog({ action: 'refund', order })}
          onShippingLabel={label.open}
          labelPendingId={label.pendingOrderId}
        />
        <Pager
          page={page}
          pageCount={Math.ceil(orders.data.total / STORE_ORDERS_PAGE_SIZE)}
          onPageChange={setPage}
          label={t('Order pages')}
        />
      </>
    );
  }

  return (
    <div className="admin-panel">
      <div className="admin-panel__head">
        <h2 className="section-title mb-0">{t('Orders')}</h2>
        <div className="admin-panel__filter">
          <Form.Label htmlFor={filterId} className="mb-0">
            {t('Show')}
          </Form.Label>
          <Form.Select
            id={filterId}
            size="sm"
            value={status ?? 'ALL'}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(value === 'ALL' ? undefined : (value as StoreOrderFilter));
              setPage(1);
            }}
          >
            {(['ALL', ...STORE_ORDER_FILTERS] as const).map((one) => (
              <option key={one} value={one}>
                {t(STORE_ORDER_FILTER_LABELS[one])}
              </option>
            ))}
          </Form.Select>
        </div>
      </div>
      {content}

      <ShipOrderDialog
        show={dialog.action === 'ship'}
        order={dialog.order}
        onClose={close}
        onExited={clear}
      />
      <RefundOrderDialog
        show={dialog.action === 'refund'}
        order={dialog.order}
        onClose={close}
        onExited={clear}
      />
    </div>
  );
}
