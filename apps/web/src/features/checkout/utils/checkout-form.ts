import {
  localConfirmSchema,
  shippingUpdateSchema,
  type CheckoutSession,
  type LocalConfirmInput,
  type ShippingAddress,
  type ShippingMethod,
  type ShippingUpdateInput,
  type UserProfile,
} from '@marketplace/shared';

/**
 * The whole checkout page is one form: the shipping update the API takes, plus the card the
 * provider confirms (its client secret comes from the checkout, not from the shopper).
 */
export const checkoutFormSchema = shippingUpdateSchema.extend({
  card: localConfirmSchema.omit({ clientSecret: true }),
});

export type CheckoutFormInput = ShippingUpdateInput & {
  card: Omit<LocalConfirmInput, 'clientSecret'>;
};
export interface CheckoutFormValues {
  address: ShippingAddress;
  method: ShippingMethod;
  card: { cardNumber: string; expMonth: number; expYear: number; cvc: string };
}

export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  STANDARD: 'Standard Shipping',
  EXPRESS: 'Express Shipping',
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
    card: { cardNumber: '', expMonth: '', expYear: '', cvc: '' },
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

/** "6:42 PM": when the reserved stock is released. */
export function formatHoldTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
