import type { UseMutationResult } from '@tanstack/react-query';
import type { StoreOrderView } from '@marketplace/shared';
import { useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { serverMessageOr } from '../utils/store-orders';

export interface StoreOrderDialogProps {
  show: boolean;
  order: StoreOrderView | null;
  onClose: () => void;
  onExited: () => void;
}

interface StoreOrderActionDialogProps extends StoreOrderDialogProps {
  action: UseMutationResult<StoreOrderView, unknown, string>;
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
export function StoreOrderActionDialog({
  show,
  order,
  onClose,
  onExited,
  action,
  succeeded,
  failed,
  children,
  ...labels
}: StoreOrderActionDialogProps) {
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (!order) return;
    setError(null);
    action.mutate(order.id, {
      onSuccess: () => {
        toast.success(succeeded);
        onClose();
      },
      onError: (failure) => {
        const message = serverMessageOr(failure, failed);
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
