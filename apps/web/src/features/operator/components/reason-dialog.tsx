import { operatorOptionalReasonSchema, operatorReasonSchema } from '@marketplace/shared';
import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useI18n } from '../../../i18n/i18n-context';

interface ReasonDialogProps {
  show: boolean;
  title: string;
  /** What the decision does, in a sentence. */
  description: string;
  confirmLabel: string;
  confirmVariant?: string;
  /** The reason may be left empty (approving a store, issue 39.4). */
  reasonOptional?: boolean;
  pending: boolean;
  /** The server's refusal, shown in the dialog. */
  error?: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** An operator decision and its reason, mailed and kept in the audit log (optional only to approve). */
export function ReasonDialog({
  show,
  title,
  description,
  confirmLabel,
  confirmVariant = 'primary',
  reasonOptional = false,
  pending,
  error,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const schema = reasonOptional ? operatorOptionalReasonSchema : operatorReasonSchema;
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    onConfirm(parsed.data.reason);
  };

  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={() => {
        setReason('');
        setInvalid(undefined);
      }}
      aria-labelledby={`${id}-title`}
      centered
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{description}</p>
          <Form.Group controlId={`${id}-reason`}>
            <Form.Label>{reasonOptional ? t('Reason (optional)') : t('Reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              isInvalid={Boolean(invalid)}
              aria-describedby={invalid ? `${id}-reason-error` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-reason-error`}>
              {invalid ? t(invalid) : null}
            </Form.Control.Feedback>
          </Form.Group>
          {error ? (
            <p className="text-danger mt-3 mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant={confirmVariant} disabled={pending}>
            {pending ? t('Saving…') : confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
