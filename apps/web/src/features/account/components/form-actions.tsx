import Button from 'react-bootstrap/Button';
import { FormErrorAlert } from '../../../components/ui/form-alert';
import { useI18n } from '../../../i18n/i18n-context';

/** The foot of the account's edit forms: their error, then save (busy while it runs) and cancel. */
export function FormActions({
  formError,
  pending,
  label,
  onCancel,
}: {
  formError: string | null;
  pending: boolean;
  label: string;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <FormErrorAlert message={formError} />
      <div className="d-flex gap-2">
        <Button type="submit" variant="primary">
          {pending ? t('Saving…') : label}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </>
  );
}
