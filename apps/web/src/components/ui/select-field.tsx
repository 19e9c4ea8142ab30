import type { ReactNode, SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFeedback, fieldErrorId } from './field-feedback';

/** A labelled select wired to react-hook-form, its error tied to it for screen readers. */
export function SelectField({
  id,
  label,
  registration,
  error,
  autoComplete,
  children,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  autoComplete?: SelectHTMLAttributes<HTMLSelectElement>['autoComplete'];
  /** The options. */
  children: ReactNode;
}) {
  const errorId = fieldErrorId(id);
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        autoComplete={autoComplete}
        {...registration}
        isInvalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </Form.Select>
      <FieldFeedback fieldId={id} error={error} />
    </Form.Group>
  );
}
