import {
  localConfirmSchema,
  localizePath,
  msg,
  shippingUpdateSchema,
  type CheckoutSession,
  type LocalConfirmInput,
  type Locale,
  type ShippingAddress,
  type ShippingMethod,
  type ShippingUpdateInput,
  type UserProfile,
} from '@marketplace/shared';

const localCheckoutFormSchema = shippingUpdateSchema.extend({
  card: localConfirmSchema.omit({ clientSecret: true }),
});

type LocalCard = Omit<LocalConfirmInput, 'clientSecret'>;

/** `card` is there with the built-in provider only. */
export type CheckoutFormInput = ShippingUpdateInput & { card?: LocalCard };
export interface CheckoutFormValues {
  address: ShippingAddress;
  method: ShippingMethod;
  card?: { cardNumber: string; expMonth: number; expYear: number; cvc: string };
}

/**
 * The whole checkout page is one form: the shipping update the API takes, plus, with the built-in
 * provider, the card it confirms (its client secret comes from the checkout, not from the
 * shopper). Stripe's Payment Element keeps its card to itself: with Stripe the form is the shipping.
 */
export function checkoutFormSchema(provider: CheckoutSession['provider']) {
  return provider === 'local' ? localCheckoutFormSchema : shippingUpdateSchema;
}

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  STANDARD: msg('Standard Shipping'),
  EXPRESS: msg('Express Shipping'),
};

/** The address the order already has, else the profile's default one with the profile's name. */
export function initialCheckoutValues(
  session: CheckoutSession,
  profile: UserProfile | undefined,
): CheckoutFormInput {
  const saved = session.shippingAddress;
  const fromProfile =
    profile?.addresses.find((address) => address.defaultAddress) ?? profile?.addresses[0];
  const address = saved ?? fromProfile;
  const profileName = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  return {
    address: {
      fullName: saved?.fullName ?? profileName,
      streetAddress: address?.streetAddress ?? '',
      apartment: address?.apartment ?? '',
      city: address?.city ?? '',
      province: address?.province ?? '',
      country: address?.country ?? 'CA',
      postalCode: address?.postalCode ?? '',
    },
    method: session.shippingMethod,
    ...(session.provider === 'local'
      ? { card: { cardNumber: '', expMonth: '', expYear: '', cvc: '' } }
      : {}),
  };
}

/** What a PUT /orders/{orderId}/shipping saved, to know whether it must be sent again. */
export function shippingKey(address: ShippingAddress, method: ShippingMethod): string {
  const { fullName, streetAddress, apartment, city, province, country, postalCode } = address;
  return JSON.stringify([
    fullName,
    streetAddress,
    apartment ?? null,
    city,
    province,
    country,
    postalCode,
    method,
  ]);
}

/** Where a paid checkout goes: the success page places the order it names. */
export function checkoutSuccessPath(orderId: string): string {
  return `/checkout/success?orderId=${encodeURIComponent(orderId)}`;
}

/**
 * The absolute URL Stripe sends the shopper back to after paying: the success page in the
 * shopper's language (/fr/... on French pages; the router's basename stops at the site's
 * edge, decision 029).
 */
export function checkoutReturnUrl(origin: string, orderId: string, locale: Locale): string {
  return `${origin}${localizePath(checkoutSuccessPath(orderId), locale)}`;
}
