import { OPERATOR_MESSAGES, reviewReportSchema, type Review } from '@marketplace/shared';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useReportReview } from '../api/report-review';
import { useI18n } from '../../../i18n/i18n-context';

interface ReportReviewDialogProps {
  review: Review | null;
  onClose: () => void;
}

/** A shopper tells the operators about a review, with a reason (issue 17). */
export function ReportReviewDialog({ review, onClose }: ReportReviewDialogProps) {
  const { t } = useI18n();
  const report = useReportReview();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();

  const close = () => {
    if (report.isPending) return;
    report.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!review) return;
    const parsed = reviewReportSchema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    report.mutate(
      { reviewId: review.reviewId, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success(t(OPERATOR_MESSAGES.reported));
          close();
        },
      },
    );
  };

  const error = report.error
    ? report.error instanceof ApiError && report.error.serverMessage
      ? t(report.error.serverMessage)
      : t('The report could not be sent. Try again.')
    : undefined;

  return (
    <Modal
      show={review !== null}
      onHide={close}
      onExited={() => {
        setReason('');
        setInvalid(undefined);
      }}
      centered
      aria-labelledby="report-review-title"
    >
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="report-review-title">{t('Report review')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {review
              ? t("Tell us what is wrong with {name}'s review.", { name: review.displayName })
              : t('Tell us what is wrong with this review.')}
          </p>
          <Form.Group controlId="report-review-reason">
            <Form.Label>{t('Reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              isInvalid={Boolean(invalid)}
            />
            <Form.Control.Feedback type="invalid">{invalid && t(invalid)}</Form.Control.Feedback>
          </Form.Group>
          {error ? (
            <p className="text-danger mt-3 mb-0" role="alert">
              {error}
            </p>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={report.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={report.isPending}>
            {report.isPending ? t('Sending…') : t('Report')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
