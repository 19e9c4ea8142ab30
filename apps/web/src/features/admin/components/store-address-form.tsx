import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import {
  STORE_MESSAGES,
  shippingAddressSchema,
  type ShippingAddress,
  type StoreOwnerView,
} from '@marketplace/shared';
import { PageLoader } from '../../../components/ui/page-loader';
import { toast } from '../../../lib/toast';
import { useOwnStore, useSaveStoreAddress } from '../api/own-store';

const FIELDS = [
  ['fullName', 'Contact name'],
  ['streetAddress', 'Street address'],
  ['apartment', 'Apartment, suite (optional)'],
  ['city', 'City'],
  ['province', 'Province or state'],
  ['postalCode', 'Postal or ZIP code'],
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

/** Settings tab (issue 16): where the store's parcels leave from; labels print it as the sender. */
export function StoreAddressForm({ store }: { store: StoreOwnerView }) {
  const save = useSaveStoreAddress();
  const [values, setValues] = useState<Values>(() => valuesOf(store.shipFromAddress));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shippingAddressSchema.safeParse({
      ...values,
      apartment: values.apartment || undefined,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(
      { store, shipFrom: parsed.data },
      {
        onSuccess: () => toast.success(STORE_MESSAGES.addressesSaved),
        onError: () => toast.error(STORE_MESSAGES.saveFailed),
      },
    );
  };

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label="Ship-from address"
      className="store-address-form"
    >
      <h2 className="section-title">Ship-from address</h2>
      <p className="text-secondary">
        Shipping labels print it as the sender, under your store name.
      </p>
      {FIELDS.map(([name, label]) => (
        <Form.Group key={name} controlId={`ship-from-${name}`} className="mb-2">
          <Form.Label>{label}</Form.Label>
          <Form.Control
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            isInvalid={Boolean(errors[name])}
          />
          <Form.Control.Feedback type="invalid">{errors[name]}</Form.Control.Feedback>
        </Form.Group>
      ))}
      <Form.Group controlId="ship-from-country" className="mb-3">
        <Form.Label>Country</Form.Label>
        <Form.Select
          value={values.country}
          onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))}
          isInvalid={Boolean(errors.country)}
        >
          <option value="CA">Canada</option>
          <option value="US">United States</option>
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.country}</Form.Control.Feedback>
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        Save address
      </Button>
    </Form>
  );
}

/** The Settings tab's content: the form once the store is loaded. */
export function StoreSettingsPanel() {
  const store = useOwnStore();
  if (store.isPending) return <PageLoader label="Loading your store…" />;
  if (store.isError) return <Alert variant="danger">Your store could not be loaded.</Alert>;
  return (
    <div className="admin-panel">
      <StoreAddressForm store={store.data} />
    </div>
  );
}

/** The prompt a store without a ship-from address sees on its Orders tab. */
export function ShipFromPrompt() {
  const store = useOwnStore();
  if (!store.data || store.data.shipFromAddress) return null;
  return (
    <Alert variant="warning" className="admin-panel__alert">
      {STORE_MESSAGES.shipFromPrompt} <a href="/admin?tab=settings">Open Settings</a>
    </Alert>
  );
}
