import type { ReactNode, SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

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
  const errorId = `${id}-error`;
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
      {error ? (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
