import {
  BANK_ACCOUNT_MESSAGES,
  bankAccountInputSchema,
  msg,
  type BankAccountView,
} from '@marketplace/shared';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBankAccount, useSaveBankAccount } from '../api/own-store';

type Country = 'CA' | 'US';
const NUMBER_FIELDS = {
  CA: [
    ['transitNumber', msg('Transit number (5 digits)'), 5],
    ['institutionNumber', msg('Institution number (3 digits)'), 3],
    ['accountNumber', msg('Account number (7 to 12 digits)'), 12],
  ],
  US: [
    ['routingNumber', msg('ABA routing number (9 digits)'), 9],
    ['accountNumber', msg('Account number (4 to 17 digits)'), 17],
  ],
} as const;

const EMPTY = {
  accountHolder: '',
  transitNumber: '',
  institutionNumber: '',
  routingNumber: '',
  accountNumber: '',
};

/** The saved account, never its numbers: the holder and the last 4 digits. */
function SavedAccount({ account }: { account: BankAccountView }) {
  const { t } = useI18n();
  return (
    <p className="bank-details-form__saved" data-testid="saved-bank-account">
      {t('Payouts go to the account of {holder} ending in {last4} ({country}).', {
        holder: account.accountHolder,
        last4: account.accountLast4,
        country: account.country === 'CA' ? t('Canada') : t('United States'),
      })}
    </p>
  );
}

/**
 * Settings (issue 39.3), local payouts only: where the bank file sends the brand's money. The
 * numbers are checked by the shared schema here and on the server, which keeps them encrypted
 * and answers them masked; the form never shows saved numbers again.
 */
export function BankDetailsForm() {
  const { t } = useI18n();
  const answer = useBankAccount();
  const save = useSaveBankAccount();
  const [country, setCountry] = useState<Country>('CA');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  if (answer.isPending) return <PageLoader label={t('Loading your bank details…')} />;
  if (answer.isError)
    return <Alert variant="danger">{t('Your bank details could not be loaded.')}</Alert>;
  if (!answer.data.needed) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = NUMBER_FIELDS[country].map(([name]) => name);
    const parsed = bankAccountInputSchema.safeParse({
      country,
      accountHolder: values.accountHolder,
      ...Object.fromEntries(fields.map((name) => [name, values[name]])),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast.success(t(BANK_ACCOUNT_MESSAGES.saved));
      },
      onError: (error) =>
        toast.error(
          t(
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : BANK_ACCOUNT_MESSAGES.saveFailed,
          ),
        ),
    });
  };

  const field = (name: keyof typeof EMPTY, label: string, maxLength: number) => (
    <Form.Group key={name} controlId={`bank-${name}`} className="mb-2">
      <Form.Label>{t(label)}</Form.Label>
      <Form.Control
        value={values[name]}
        inputMode={name === 'accountHolder' ? undefined : 'numeric'}
        autoComplete="off"
        maxLength={maxLength + 4}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        isInvalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `bank-${name}-error` : undefined}
      />
      <Form.Control.Feedback type="invalid" id={`bank-${name}-error`}>
        {errors[name]}
      </Form.Control.Feedback>
    </Form.Group>
  );

  const saved = answer.data.bankAccount;
  return (
    <Form noValidate onSubmit={submit} aria-label={t('Bank details')} className="bank-details-form">
      <h2 className="section-title">{t('Bank details')}</h2>
      <p className="text-secondary">
        {t(
          'Your payouts are sent by bank transfer to this account. We keep the numbers encrypted.',
        )}
      </p>
      {saved ? (
        <SavedAccount account={saved} />
      ) : (
        <Alert variant="warning">{t('Add your bank details so we can pay you out.')}</Alert>
      )}
      <fieldset disabled={save.isPending}>
        <Form.Group controlId="bank-country" className="mb-2">
          <Form.Label>{t('Country of the account')}</Form.Label>
          <Form.Select
            value={country}
            onChange={(e) => {
              setCountry(e.target.value as Country);
              setErrors({});
            }}
          >
            <option value="CA">{t('Canada')}</option>
            <option value="US">{t('United States')}</option>
          </Form.Select>
        </Form.Group>
        {field('accountHolder', msg('Account holder'), 100)}
        {NUMBER_FIELDS[country].map(([name, label, max]) => field(name, label, max))}
        <Button type="submit" className="mt-2">
          {save.isPending
            ? t('Saving…')
            : saved
              ? t('Replace bank details')
              : t('Save bank details')}
        </Button>
      </fieldset>
    </Form>
  );
}
