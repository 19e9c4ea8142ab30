import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormRegisterReturn } from 'react-hook-form';
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
  return (
    <Row className={className}>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-first-name`}
          label="First name"
          autoComplete="given-name"
          className=""
          {...firstName}
        />
      </Col>
      <Col sm={6}>
        <TextField
          id={`${idPrefix}-last-name`}
          label="Last name"
          autoComplete="family-name"
          className=""
          {...lastName}
        />
      </Col>
    </Row>
  );
}
