import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import {
  STORE_MESSAGES,
  msg,
  shippingAddressSchema,
  type ShippingAddress,
  type StoreOwnerView,
} from '@marketplace/shared';
import { PageLoader } from '../../../components/ui/page-loader';
import { useI18n } from '../../../i18n/i18n-context';
import { toast } from '../../../lib/toast';
import { useOwnStore, useSaveStoreAddress, type StoreAddressInput } from '../api/own-store';
import { BankDetailsForm } from './bank-details-form';
import { StoreProfileForm } from './store-profile-form';

const FIELDS = [
  ['fullName', msg('Contact name')],
  ['streetAddress', msg('Street address')],
  ['apartment', msg('Apartment, suite (optional)')],
  ['city', msg('City')],
  ['province', msg('Province or state')],
  ['postalCode', msg('Postal or ZIP code')],
] as const;

type Values = Record<(typeof FIELDS)[number][0] | 'country', string>;

const valuesOf = (address: ShippingAddress | null): Values => ({
  fullName: address?.fullName ?? '',
  streetAddress: address?.streetAddress ?? '',
  apartment: address?.apartment ?? '',
  city: address?.city ?? '',
  province: address?.province ?? '',
  postalCode: address?.postalCode ?? '',
  country: address?.country ?? 'CA',
});

/** An address's fields, with the shared rules' messages under each (`idPrefix` keeps ids apart). */
function AddressFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: Values;
  errors: Record<string, string>;
  onChange: (name: keyof Values, value: string) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {FIELDS.map(([name, label]) => (
        <Form.Group key={name} controlId={`${idPrefix}-${name}`} className="mb-2">
          <Form.Label>{t(label)}</Form.Label>
          <Form.Control
            value={values[name]}
            onChange={(e) => onChange(name, e.target.value)}
            isInvalid={Boolean(errors[name])}
          />
          <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <Form.Group controlId={`${idPrefix}-country`} className="mb-3">
        <Form.Label>{t('Country')}</Form.Label>
        <Form.Select
          value={values.country}
          onChange={(e) => onChange('country', e.target.value)}
          isInvalid={Boolean(errors.country)}
        >
          <option value="CA">{t('Canada')}</option>
          <option value="US">{t('United States')}</option>
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.country}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}

/** An address form's state: its values, the shared rules' messages, and the parsed address. */
function useAddressValues(address: ShippingAddress | null) {
  const { t } = useI18n();
  const [values, setValues] = useState<Values>(() => valuesOf(address));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (name: keyof Values, value: string) => setValues((v) => ({ ...v, [name]: value }));
  /** The address by the shared rules, or null with each field's message shown. */
  const parse = (): ShippingAddress | null => {
    const parsed = shippingAddressSchema.safeParse({
      ...values,
      apartment: values.apartment || undefined,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message)]),
        ),
      );
      return null;
    }
    setErrors({});
    return parsed.data;
  };
  return { values, errors, change, parse };
}

/**
 * The two address forms' shared frame: the heading, the intro, the fields and the save button; the
 * save goes to PUT /store with its toasts, said the same for either address.
 */
function AddressForm({
  title,
  intro,
  submitLabel,
  store,
  address,
  children,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  store: StoreOwnerView;
  /** What to save, or undefined when a field is refused (its message is then shown). */
  address: () => StoreAddressInput | undefined;
  children: ReactNode;
}) {
  const save = useSaveStoreAddress();
  const { t } = useI18n();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const toSave = address();
    if (!toSave) return;
    save.mutate(
      { store, address: toSave },
      {
        onSuccess: () => toast.success(t(STORE_MESSAGES.addressesSaved)),
        onError: () => toast.error(t(STORE_MESSAGES.saveFailed)),
      },
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={t(title)} className="store-address-form">
      <h2 className="section-title">{t(title)}</h2>
      <p className="text-secondary">{t(intro)}</p>
      {children}
      <Button type="submit" disabled={save.isPending}>
        {t(submitLabel)}
      </Button>
    </Form>
  );
}

/** Settings tab (issue 16): where the store's parcels leave from; labels print it as the sender. */
export function StoreAddressForm({ store }: { store: StoreOwnerView }) {
  const address = useAddressValues(store.shipFromAddress);
  return (
    <AddressForm
      title={msg('Ship-from address')}
      intro={msg('Shipping labels print it as the sender, under your store name.')}
      submitLabel={msg('Save address')}
      store={store}
      address={() => {
        const shipFromAddress = address.parse();
        return shipFromAddress ? { shipFromAddress } : undefined;
      }}
    >
      <AddressFields idPrefix="ship-from" {...address} onChange={address.change} />
    </AddressForm>
  );
}

/**
 * Settings tab (issue 39.3): where buyers' returns go. Unless the brand gives one of its own,
 * return labels send parcels to the ship-from address.
 */
export function ReturnAddressForm({ store }: { store: StoreOwnerView }) {
  const { t } = useI18n();
  const [separate, setSeparate] = useState(store.returnAddress !== null);
  const address = useAddressValues(store.returnAddress);
  return (
    <AddressForm
      title={msg('Return address')}
      intro={msg('Return labels send your buyers’ parcels here.')}
      submitLabel={msg('Save return address')}
      store={store}
      address={() => {
        const returnAddress = separate ? address.parse() : null;
        return separate && !returnAddress ? undefined : { returnAddress };
      }}
    >
      <Form.Check
        type="switch"
        id="return-to-ship-from"
        className="mb-3"
        label={t('Returns go to the ship-from address')}
        checked={!separate}
        onChange={(e) => setSeparate(!e.target.checked)}
      />
      {separate ? (
        <AddressFields idPrefix="return-to" {...address} onChange={address.change} />
      ) : null}
    </AddressForm>
  );
}

/** The Settings tab's content: the store's profile, its addresses and bank details (issue 39.3). */
export function StoreSettingsPanel() {
  const store = useOwnStore();
  const { t } = useI18n();
  if (store.isPending) return <PageLoader label={t('Loading your store…')} />;
  if (store.isError) return <Alert variant="danger">{t('Your store could not be loaded.')}</Alert>;
  return (
    <div className="admin-panel store-settings">
      <StoreProfileForm store={store.data} />
      <StoreAddressForm store={store.data} />
      <ReturnAddressForm store={store.data} />
      <BankDetailsForm />
    </div>
  );
}

/** The prompt a store without a ship-from address sees on its Orders tab. */
export function ShipFromPrompt() {
  const store = useOwnStore();
  const { t } = useI18n();
  if (!store.data || store.data.shipFromAddress) return null;
  return (
    <Alert variant="warning" className="admin-panel__alert">
      {/* The router's Link keeps a French page's /fr prefix (a raw href lost it). */}
      {t(STORE_MESSAGES.shipFromPrompt)} <Link to="/admin?tab=settings">{t('Open Settings')}</Link>
    </Alert>
  );
}
