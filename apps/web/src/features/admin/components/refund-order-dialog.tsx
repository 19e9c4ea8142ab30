import { STORE_ORDER_MESSAGES, refundableAmount } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { useRefundStoreOrder } from '../api/refund-store-order';
import { StoreOrderActionDialog, type StoreOrderDialogProps } from './store-order-dialog';

/** Refund asks first: the money goes back to the buyer's card and cannot be taken back. */
export function RefundOrderDialog(props: StoreOrderDialogProps) {
  const refund = useRefundStoreOrder();
  const { t, formatMoney } = useI18n();
  const { order } = props;
  return (
    <StoreOrderActionDialog
      {...props}
      action={refund}
      variables={(order) => order.id}
      title={t('Refund order')}
      confirmLabel={t('Refund')}
      pendingLabel={t('Refunding...')}
      confirmVariant="danger"
      succeeded={STORE_ORDER_MESSAGES.refunded}
      failed={STORE_ORDER_MESSAGES.refundFailed}
    >
      <p className="mb-0">
        {t('Refund order')} <strong>#{order?.reference}</strong>?{' '}
        {order ? (
          <strong className="price">{formatMoney(refundableAmount(order), order.currency)}</strong>
        ) : null}{' '}
        {order && order.tax > 0
          ? t("goes back to the buyer's card, its sales tax included. This cannot be undone.")
          : t("goes back to the buyer's card. This cannot be undone.")}
      </p>
    </StoreOrderActionDialog>
  );
}
