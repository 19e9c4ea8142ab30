import Form from 'react-bootstrap/Form';

/** The id of a field's error message: the control names it in its aria-describedby. */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** A field's error under its control (nothing without one), as the control's description. */
export function FieldFeedback({
  fieldId,
  error,
}: {
  /** The control's id; the message's own is fieldErrorId(fieldId). */
  fieldId: string;
  error?: string | undefined;
}) {
  if (!error) return null;
  return (
    <Form.Control.Feedback type="invalid" id={fieldErrorId(fieldId)}>
      {error}
    </Form.Control.Feedback>
  );
}
