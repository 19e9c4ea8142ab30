import { LOCAL_TEST_CARDS } from '@marketplace/shared';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { useI18n } from '../../../i18n/i18n-context';
import type { CheckoutFormInput } from '../utils/checkout-form';

interface CardFieldsProps {
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
}

/** DESIGN 4: the built-in provider's card form, playing Stripe's test cards. */
export function CardFields({ register, errors }: CardFieldsProps) {
  const { t } = useI18n();
  const card = errors.card;
  const error = (message: string | undefined) => (message ? t(message) : undefined);
  return (
    <>
      <TextField
        id="checkout-card-number"
        label={t('Card number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        registration={register('card.cardNumber')}
        error={error(card?.cardNumber?.message)}
        describedBy="checkout-test-cards"
      />
      <Row className="g-3">
        <Col xs={4}>
          <TextField
            id="checkout-exp-month"
            label={t('Expiry month')}
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder={t('MM')}
            maxLength={2}
            registration={register('card.expMonth')}
            error={error(card?.expMonth?.message)}
            className=""
          />
        </Col>
        <Col xs={4}>
          <TextField
            id="checkout-exp-year"
            label={t('Expiry year')}
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder={t('YYYY')}
            maxLength={4}
            registration={register('card.expYear')}
            error={error(card?.expYear?.message)}
            className=""
          />
        </Col>
        <Col xs={4}>
          <TextField
            id="checkout-cvc"
            label={t('CVC')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            registration={register('card.cvc')}
            error={error(card?.cvc?.message)}
            className=""
          />
        </Col>
      </Row>
      <p className="checkout-note" id="checkout-test-cards">
        {t(
          'Test payments only, no card is charged: {approved} is approved and {declined} is declined, with any future expiry and any 3-digit CVC.',
          { approved: LOCAL_TEST_CARDS.succeeds, declined: LOCAL_TEST_CARDS.declined },
        )}
      </p>
    </>
  );
}
