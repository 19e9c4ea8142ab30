import { STORE_ORDER_MESSAGES, type StoreOrderView } from '@marketplace/shared';
import { useI18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { useShippingLabel } from '../api/get-shipping-label';
import { serverMessageOr } from '../utils/store-orders';

/** Long enough for the new window (or the download) to read the PDF; then the memory goes. */
const LABEL_URL_LIFETIME_MS = 60_000;

function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Spec 7: the shipping label opens in a new window. The PDF needs the token, so it is fetched
 * as a blob; the window is opened first, inside the click, because popup blockers refuse a
 * window opened once the request has come back. Without a window, the PDF is downloaded.
 */
export function useShippingLabelWindow() {
  const label = useShippingLabel();
  const { t } = useI18n();

  const open = (order: Pick<StoreOrderView, 'id' | 'reference'> & { labelUrl?: string | null }) => {
    // EasyPost hosts a bought label: it opens where it is.
    if (order.labelUrl) {
      window.open(order.labelUrl, '_blank', 'noopener');
      return;
    }
    const target = window.open('', '_blank');
    // mutateAsync settles per call, so two labels requested at once each reach their window.
    label.mutateAsync(order.id).then(
      (pdf) => {
        const url = URL.createObjectURL(pdf);
        if (target && !target.closed) target.location.href = url;
        else download(url, `shipping-label-${order.reference}.pdf`);
        window.setTimeout(() => URL.revokeObjectURL(url), LABEL_URL_LIFETIME_MS);
      },
      (error: unknown) => {
        target?.close();
        toast.error(t(serverMessageOr(error, STORE_ORDER_MESSAGES.labelFailed)));
      },
    );
  };

  return { open, pendingOrderId: label.isPending ? label.variables : undefined };
}
