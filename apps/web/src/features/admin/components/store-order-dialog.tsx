import type { UseMutationResult } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useI18n } from '../../../i18n/i18n-context';
import { serverMessageOr } from '../utils/store-orders';

export interface StoreOrderDialogProps {
  show: boolean;
  order: StoreOrderView | null;
  onClose: () => void;
  onExited: () => void;
}

interface StoreOrderActionDialogProps<V> extends StoreOrderDialogProps {
  action: UseMutationResult<StoreOrderView, unknown, V>;
  /** What the action sends for this order; null when the dialog's own fields say no. */
  variables: (order: StoreOrderView) => V | null;
  title: string;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: 'primary' | 'danger';
  succeeded: string;
  failed: string;
  children: ReactNode;
}

/**
 * Ship and Refund ask first, then act on the whole store order: the toast on success, and on
 * failure the server's message in the dialog (left open to retry) and as a toast.
 */
export function StoreOrderActionDialog<V>({
  show,
  order,
  onClose,
  onExited,
  action,
  variables,
  succeeded,
  failed,
  children,
  ...labels
}: StoreOrderActionDialogProps<V>) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!order) return;
    const sent = variables(order);
    if (sent === null) return;
    setError(null);
    action.mutate(sent, {
      onSuccess: () => {
        toast.success(t(succeeded));
        onClose();
      },
      onError: (failure) => {
        const message = t(serverMessageOr(failure, failed));
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <ConfirmDialog
      show={show}
      {...labels}
      pending={action.isPending}
      error={error}
      onConfirm={confirm}
      onClose={() => {
        setError(null);
        action.reset();
        onClose();
      }}
      onExited={() => {
        setError(null);
        onExited();
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
