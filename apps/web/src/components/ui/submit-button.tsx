import Button from 'react-bootstrap/Button';

/** The form's full-width primary button, saying what it is doing while the request runs. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" variant="primary" className="w-100">
      {pending ? pendingLabel : label}
    </Button>
  );
}
