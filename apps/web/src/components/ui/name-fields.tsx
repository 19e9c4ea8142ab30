import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useI18n } from '../../i18n/i18n-context';
import { TextField } from './text-field';

interface FieldBinding {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** First and last name side by side, as signup and the profile ask for them. */
export function NameFields({
  idPrefix,
  firstName,
  lastName,
  className = 'g-3',
}: {
  idPrefix: string;
  firstName: FieldBinding;
  lastName: FieldBinding;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Row className={className}>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-first-name`}
          label={t('First name')}
          autoComplete="given-name"
          className=""
          {...firstName}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-last-name`}
          label={t('Last name')}
          autoComplete="family-name"
          className=""
          {...lastName}
        />
      </Col>
    </Row>
  );
}
