import { useId, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useI18n } from '../../i18n/i18n-context';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the action runs (spec 4: 'Deleting...'). */
  pendingLabel: string;
  pending: boolean;
  confirmVariant?: 'primary' | 'danger';
  /** Shown in the dialog when the action failed. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  onExited?: () => void;
}

/** Asks before an action that cannot be undone; it cannot be dismissed while the action runs. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  confirmVariant = 'primary',
  error,
  onConfirm,
  onClose,
  onExited,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const titleId = useId();
  const close = () => {
    if (!pending) onClose();
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={onExited}
      backdrop={pending ? 'static' : true}
      keyboard={!pending}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton={!pending} closeLabel={t('Close')}>
        <Modal.Title id={titleId}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? (
          <Alert variant="danger" role="alert" className="mt-3 mb-0 py-2">
            {error}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={close} disabled={pending}>
          {t('Cancel')}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
