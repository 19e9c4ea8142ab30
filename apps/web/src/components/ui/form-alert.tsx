import Alert from 'react-bootstrap/Alert';

/** The form's own error, above its button (`id` lets a field point at it); nothing without one. */
export function FormErrorAlert({ message, id }: { message: string | null; id?: string }) {
  return message ? (
    <Alert variant="danger" id={id} className="py-2" role="alert">
      {message}
    </Alert>
  ) : null;
}
