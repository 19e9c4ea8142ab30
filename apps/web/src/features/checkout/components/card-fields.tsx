import { LOCAL_TEST_CARDS } from '@marketplace/shared';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import type { CheckoutFormInput } from '../utils/checkout-form';

interface CardFieldsProps {
  register: UseFormRegister<CheckoutFormInput>;
  errors: FieldErrors<CheckoutFormInput>;
}

/** DESIGN 4: the built-in provider's card form, playing Stripe's test cards. */
export function CardFields({ register, errors }: CardFieldsProps) {
  const card = errors.card;
  return (
    <>
      <TextField
        id="checkout-card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        registration={register('card.cardNumber')}
        error={card?.cardNumber?.message}
        describedBy="checkout-test-cards"
      />
      <Row className="g-3">
        <Col xs={4}>
          <TextField
            id="checkout-exp-month"
            label="Expiry month"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            placeholder="MM"
            maxLength={2}
            registration={register('card.expMonth')}
            error={card?.expMonth?.message}
            className=""
          />
        </Col>
        <Col xs={4}>
          <TextField
            id="checkout-exp-year"
            label="Expiry year"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            placeholder="YYYY"
            maxLength={4}
            registration={register('card.expYear')}
            error={card?.expYear?.message}
            className=""
          />
        </Col>
        <Col xs={4}>
          <TextField
            id="checkout-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            registration={register('card.cvc')}
            error={card?.cvc?.message}
            className=""
          />
        </Col>
      </Row>
      <p className="checkout-note" id="checkout-test-cards">
        Test payments only, no card is charged: {LOCAL_TEST_CARDS.succeeds} is approved and{' '}
        {LOCAL_TEST_CARDS.declined} is declined, with any future expiry and any 3-digit CVC.
      </p>
    </>
  );
}
