import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFeedback, fieldErrorId } from './field-feedback';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'onChange' | 'onBlur' | 'size' | 'value'
>;

export interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** The field's own message, shown under it and announced with it. */
  error?: string | undefined;
  /** Mark the field invalid when its message is shown elsewhere (e.g. one message for the form). */
  invalid?: boolean;
  describedBy?: string | undefined;
  className?: string;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
}

/** A labelled input wired to react-hook-form, with its error tied to it for screen readers. */
export function TextField({
  id,
  label,
  registration,
  error,
  invalid,
  describedBy,
  className = 'mb-3',
  rows,
  ...inputProps
}: TextFieldProps) {
  const errorId = fieldErrorId(id);
  const describedByIds =
    [error ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...(rows ? { as: 'textarea' as const, rows } : {})}
        {...inputProps}
        {...registration}
        isInvalid={Boolean(error) || invalid}
        aria-invalid={Boolean(error) || invalid || undefined}
        aria-describedby={describedByIds}
      />
      <FieldFeedback fieldId={id} error={error} />
    </Form.Group>
  );
}
