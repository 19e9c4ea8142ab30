import { z } from 'zod';
import { isSitePath } from '../site-path';
import { CURRENCIES } from '../constants';
import { SHIPPING_METHODS } from './shipping';
import { taxLineViewSchema } from '../tax/tax-schemas';
import { addressSchema, addressViewSchema, personNameSchema } from '../users/users';
import { FULFILMENT_STATUSES, FULFILMENT_STATUS_LABELS, ORDER_PROGRESS } from './order-states';
import { fillMessage } from '../fill-message';
import { msg } from '../i18n/msg';

/** Stock is held for a checkout this long (issue 5). */
export const RESERVATION_MINUTES = 15;

export const ORDER_STATUSES = ['PENDING_PAYMENT', 'PLACED', 'CANCELLED', 'EXPIRED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** DESIGN 4 and 9: what an ordered item goes through, in the bag and then once placed. */
export const ORDER_ITEM_STATUSES = ['IN_CART', 'RESERVED', ...FULFILMENT_STATUSES] as const;
export type OrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];

/** The order number people quote (emails, My Orders, the dashboard): the id's first block. */
export const orderReference = (orderId: string) => orderId.slice(0, 8).toUpperCase();

/** How statuses read to people (buyers and sellers alike). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING_PAYMENT: msg('Awaiting payment'),
  PLACED: msg('Placed'),
  CANCELLED: msg('Cancelled'),
  EXPIRED: msg('Expired'),
};

export const ORDER_ITEM_STATUS_LABELS: Record<OrderItemStatus, string> = {
  IN_CART: msg('In bag'),
  RESERVED: msg('Reserved'),
  ...FULFILMENT_STATUS_LABELS,
};

/**
 * An ordered item's status in words for its buyer (issue 13): a shipped one with its carrier
 * and tracking number.
 */
export function orderItemStatusText(
  item: Pick<OrderItemView, 'status' | 'carrier' | 'trackingNumber'>,
  t: (message: string, values?: Record<string, unknown>) => string = fillMessage,
): string {
  if (item.status === 'SHIPPED' && item.trackingNumber)
    return t(SHIPPED_WITH, {
      carrier: item.carrier ?? t(THE_CARRIER, {}),
      trackingNumber: item.trackingNumber,
    });
  return t(ORDER_ITEM_STATUS_LABELS[item.status], {});
}
const SHIPPED_WITH = msg('Shipped with {carrier}, tracking number {trackingNumber}');
const THE_CARRIER = msg('the carrier');

/** Spec 8 and DESIGN 4: the checkout's words. */
export const CHECKOUT_MESSAGES = {
  unable: msg('Unable to proceed with checkout.'),
  startFailed: msg('Failed to start checkout'),
  initiateFailed: msg('Failed to initiate payment'),
  paymentFailed: msg('Payment failed'),
  paymentScriptFailed: msg(
    'The payment form could not be loaded. Check your connection and reload the page.',
  ),
  placeFailed: msg('Failed to place order'),
  placed: msg('Payment successful and order placed!'),
  declined: msg('Your card was declined.'),
  addressRequired: msg('Add a shipping address.'),
  emptyBag: msg('Your cart is empty.'),
  tooLarge: msg('This order is over the $1,000,000 limit. Please check out fewer items at a time.'),
  notPaid: msg('The payment has not been completed.'),
  /** 409: one checkout charges at most PurchaseLimits.checkoutAmount. */
  overCheckoutLimit: (amount: number) =>
    `A checkout can be at most $${amount.toLocaleString('en-US')}. Please check out fewer items at a time.`,
  /** 409: a bag line above PurchaseLimits.unitsPerOption (filled before the limit was lowered). */
  overUnitLimit: (limit: number) =>
    `Limit ${limit} per customer: please lower the quantities in your bag to check out.`,
  /** 409: holds of the same options lapsed unpaid LAPSED_HOLDS_PER_HOUR times within the hour. */
  holdsExhausted: msg(
    'These items were held for you twice in the last hour and the time ran out before payment, so they cannot be held again yet. Please try again later.',
  ),
  expired: msg('This checkout has expired: your items were released. Please check out again.'),
  orderNotFound: msg('Order not found.'),
  alreadyPaid: msg('This order is paid: its shipping can no longer change.'),
  /** 409: the payment no longer asks for the order's total (a shipping change landed late). */
  totalChanged: msg(
    "This order's total changed while you were paying. Please review it and pay again.",
  ),
  /** 409: the provider charged another amount than the order's total; it was refunded. */
  paidAmountMismatch: msg(
    "Your payment did not match this order's total, so it was refunded. Please check out again.",
  ),
  /** 409: another request (a shipping change, a payment) is working on this order. */
  busy: msg('This checkout is being updated. Please try again in a moment.'),
  /** The provider did not answer before anything could be charged (checkout, shipping). */
  paymentTimeout: msg(
    'The payment service did not answer. Your card was not charged; please try again.',
  ),
  /** The provider did not answer after the buyer paid, or while the payment is checked. */
  paymentUnconfirmed: msg(
    'The payment service did not answer in time. If your payment went through, your order will be placed and confirmed by email, and you will not be charged twice; otherwise please try again.',
  ),
  cardNumber: msg('Enter a valid card number.'),
  expiry: msg('Enter a valid expiry date.'),
  cvc: msg('Enter the 3 or 4 digit security code.'),
  redirect: msg('Return addresses must be pages of this site.'),
  /** 502: the tax provider refused or failed; nothing about the order changed. */
  taxFailed: msg(
    'Sales tax could not be calculated for this address right now. Your card was not charged; please try again.',
  ),
  /** 504: the tax provider did not answer in time; nothing about the order changed. */
  taxTimeout: msg(
    'The sales tax service did not answer. Your card was not charged; please try again.',
  ),
} as const;

/** DESIGN 4: the built-in provider plays Stripe's test cards. */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/** Only paths of this site (never another host), so a checkout cannot redirect elsewhere. */
const sitePath = z.string().max(2000).refine(isSitePath, CHECKOUT_MESSAGES.redirect);

/** POST /orders/checkout: the bag page sends its return paths, the checkout page nothing. */
export const checkoutBodySchema = z
  .object({ successUrl: sitePath.optional(), cancelUrl: sitePath.optional() })
  .strict()
  .nullish();
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const shippingAddressSchema = addressSchema.and(
  z.object({ fullName: personNameSchema('Full name') }),
);

/** PUT /orders/{orderId}/shipping. */
export const shippingUpdateSchema = z
  .object({
    address: shippingAddressSchema,
    method: z.enum(SHIPPING_METHODS).default('STANDARD'),
  })
  .strict();
export type ShippingUpdateInput = z.input<typeof shippingUpdateSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

/** POST /payments/local/confirm: the built-in provider's card form. */
export const localConfirmSchema = z
  .object({
    clientSecret: z.string().min(1).max(200),
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .refine((digits) => /^\d{12,19}$/.test(digits), CHECKOUT_MESSAGES.cardNumber),
    expMonth: z.coerce
      .number(CHECKOUT_MESSAGES.expiry)
      .int(CHECKOUT_MESSAGES.expiry)
      .min(1, CHECKOUT_MESSAGES.expiry)
      .max(12, CHECKOUT_MESSAGES.expiry),
    expYear: z.coerce
      .number(CHECKOUT_MESSAGES.expiry)
      .int(CHECKOUT_MESSAGES.expiry)
      .min(2000, CHECKOUT_MESSAGES.expiry)
      .max(2100, CHECKOUT_MESSAGES.expiry),
    cvc: z.string().regex(/^\d{3,4}$/, CHECKOUT_MESSAGES.cvc),
  })
  .strict();
export type LocalConfirmInput = z.input<typeof localConfirmSchema>;

/** POST /orders/place: spec 7 sends no body; DESIGN 4 allows naming the order. */
export const placeOrderSchema = z.object({ orderId: z.uuid().optional() }).strict().nullish();

export const orderIdParamsSchema = z.object({ orderId: z.uuid(CHECKOUT_MESSAGES.orderNotFound) });

/** A shipping address as the API answers it (what shippingAddressSchema makes of one sent). */
export const shippingAddressViewSchema = addressViewSchema.extend({
  fullName: z.string(),
}) satisfies z.ZodType<ShippingAddress>;

/** POST /orders/checkout's answer (spec 3 plus DESIGN 4). */
export const checkoutSessionSchema = z.object({
  orderId: z.string(),
  clientSecret: z.string(),
  totalAmount: z.number(),
  subtotal: z.number(),
  shipping: z.number(),
  /** Sales tax for the address: 0 until one is given (taxCalculated false). */
  tax: z.number(),
  /** Each tax on its own line ('GST 5 %', 'HST 13 %', 'Sales tax 8.875 %'). */
  taxLines: z.array(taxLineViewSchema),
  /** Whether tax was calculated for the order's address; until then totalAmount has no tax. */
  taxCalculated: z.boolean(),
  currency: z.enum(CURRENCIES),
  shippingMethod: z.enum(SHIPPING_METHODS),
  /** Our /checkout page while the tax is not calculated; a provider's hosted page only after. */
  checkoutUrl: z.string(),
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().optional(),
  /** ISO time the stock is held until. */
  reservedUntil: z.string(),
  shippingAddress: shippingAddressViewSchema.nullable(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

export const orderItemViewSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  thumbnail: z.string().nullable(),
  store: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  itemPrice: z.number(),
  /** The sales tax charged on this line (all its quantity). */
  tax: z.number(),
  status: z.enum(ORDER_ITEM_STATUSES),
  /** Once its parcel shipped: who carries it and its tracking number. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type OrderItemView = z.infer<typeof orderItemViewSchema>;

/** One carrier scan of a parcel, as recorded from the shipping provider (issue 16). */
export const trackingEventViewSchema = z.object({
  /** EasyPost's vocabulary: pre_transit, in_transit, out_for_delivery, delivered, … */
  status: z.string(),
  occurredAt: z.string(),
  message: z.string(),
  location: z.string().nullable(),
});
export type TrackingEventView = z.infer<typeof trackingEventViewSchema>;

/** A brand's parcel of the order as its buyer follows it (issue 16). */
export const parcelViewSchema = z.object({
  /** The store order's id (POST /orders/parcels/{id}/received). */
  id: z.string(),
  store: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  /** Where the parcel stands, read from its lines (orderProgress, issue 39 item 7). */
  progress: z.enum(ORDER_PROGRESS),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The provider's tracking page; null for the built-in provider (My Orders shows the history). */
  trackingUrl: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** Marked delivered by the sweep, without a scan or the buyer's word. */
  deliveryAssumed: z.boolean(),
  /** The state machine lets the buyer say "I received it". */
  canConfirmDelivery: z.boolean(),
  events: z.array(trackingEventViewSchema),
});
export type ParcelView = z.infer<typeof parcelViewSchema>;

/** An order as its buyer sees it (spec 3 "Order (shopper)"). */
export const orderViewSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Where the order stands, read from its lines (orderProgress, issue 39 item 7). */
  progress: z.enum(ORDER_PROGRESS),
  createdAt: z.string(),
  placedAt: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  subtotal: z.number(),
  shipping: z.number(),
  /** Sales tax charged: items' and shipping's. totalAmount = subtotal + shipping + tax. */
  tax: z.number(),
  taxLines: z.array(taxLineViewSchema),
  totalAmount: z.number(),
  /** Money returned so far (rejected items, refunds), across the order's brands. */
  refunded: z.number(),
  /** What the order costs the buyer now: totalAmount less refunded. */
  balance: z.number(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  shippingAddress: shippingAddressViewSchema.nullable(),
  /** The buyer's receipt was emailed (written to the outbox) when the order was placed. */
  receiptEmailed: z.boolean().optional(),
  items: z.array(orderItemViewSchema),
  /** Each brand's parcel: how it travels and when it arrived. */
  parcels: z.array(parcelViewSchema),
});
export type OrderView = z.infer<typeof orderViewSchema>;
