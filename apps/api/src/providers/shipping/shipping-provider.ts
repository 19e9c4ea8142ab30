import type { Currency, Locale, ShippingAddress } from '@marketplace/shared';

/** Our two services: the buyer picks one at checkout (SHIPPING_METHODS, in lower case). */
export type ShippingService = 'standard' | 'express';

/** One brand's box. Dimensions are optional: carriers price by weight without them. */
export interface Parcel {
  weightLb: number;
  lengthIn?: number;
  widthIn?: number;
  heightIn?: number;
}

/**
 * What a label is for. `from` is the store's ship-from address, `to` the buyer's; both in the
 * shape the checkout validates (shippingAddressSchema). A return label takes the same shipment
 * (outbound directions): the provider swaps them.
 */
export interface ShipmentRequest {
  from: ShippingAddress;
  to: ShippingAddress;
  parcel: Parcel;
  /** Our store order's reference, printed on the label and sent to the provider. */
  reference: string;
  /** How many items the parcel holds (printed on the local label). */
  items: number;
  /** What the buyer's order is charged in: the local provider quotes in it. */
  currency: Currency;
  /** The language the local label's words are drawn in (issue 19); English when absent. */
  locale?: Locale;
}

/**
 * A price for one service. Pass it back, as answered, to buyLabel: the provider needs nothing
 * else of it (EasyPost buys `id` on `shipmentId`; the local provider reads `service`).
 */
export interface ShippingRate {
  /** The provider's rate id (EasyPost `rate_…`; local `local_standard`/`local_express`). */
  id: string;
  /** The provider's shipment the rate belongs to; null for the local provider. */
  shipmentId: string | null;
  service: ShippingService;
  carrier: string;
  /** The carrier's own name for the service ("Priority", "Express", …). */
  carrierService: string;
  /** Integer cents, in `currency`. */
  amountCents: number;
  currency: string;
  deliveryDays: number | null;
}

/** Where a parcel is, in EasyPost's vocabulary (the local simulation uses its first four). */
export const TRACKING_STATUSES = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'available_for_pickup',
  'delivered',
  'return_to_sender',
  'failure',
  'unknown',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** One scan or status change. The caller stores these: they are what the order's history shows. */
export interface TrackingEvent {
  status: TrackingStatus;
  /** ISO 8601, as the carrier dated it. */
  occurredAt: string;
  message: string;
  location: string | null;
}

/**
 * A bought label. The caller must persist trackingNumber, carrier, trackerId and providerShipmentId
 * (and the PDF or URL): no provider keeps a list of our labels for us to read back.
 */
export interface PurchasedLabel {
  providerShipmentId: string | null;
  trackingNumber: string;
  carrier: string;
  service: ShippingService;
  /** What the label cost, integer cents in `currency`. */
  amountCents: number;
  currency: string;
  /** The local provider draws a PDF; EasyPost hosts the label and answers its address. */
  label: { kind: 'pdf'; pdf: Buffer } | { kind: 'url'; url: string };
  /** A page where the buyer can follow the parcel; null when the provider has none. */
  trackingUrl: string | null;
  /** The provider's tracker (EasyPost `trk_…`); null for the local provider. */
  trackerId: string | null;
}

/** What a verified tracking webhook says: the parcel's status and its whole history so far. */
export interface TrackingUpdate {
  /** The event's id: the caller records it and ignores a second delivery (providers resend). */
  eventId: string;
  trackingNumber: string;
  trackerId: string | null;
  status: TrackingStatus;
  events: TrackingEvent[];
}

/** A webhook request as the route received it: the raw body (signatures cover bytes) and headers. */
export interface WebhookRequest {
  rawBody: Buffer | string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * What fulfilment needs from a shipping provider (issue 16): `local` (offline: our own PDF label
 * and a simulated tracker) or `easypost` (EasyPost's API v2). Neither keeps state the caller
 * relies on between calls; the caller persists what each answer says it must, so any API
 * process can continue a shipment another one started.
 */
export interface ShippingProvider {
  readonly name: 'local' | 'easypost';
  /** A standard and an express price for the parcel (the cheapest of each the carriers offer). */
  rates(shipment: ShipmentRequest): Promise<ShippingRate[]>;
  /** Buys the label for one of rates()' answers, for the same shipment. */
  buyLabel(input: { shipment: ShipmentRequest; rate: ShippingRate }): Promise<PurchasedLabel>;
  /**
   * A prepaid label from the buyer back to the store, at the cheapest standard rate: `shipment`
   * is the outbound one (from the store, to the buyer), `reference` our return's reference.
   */
  returnLabel(input: { shipment: ShipmentRequest; reference: string }): Promise<PurchasedLabel>;
  /**
   * The parcel's history so far, oldest first. `recorded` is what the caller has stored from
   * earlier updates: the local provider has nothing else to go on and answers it; EasyPost asks
   * its tracker (by `trackerId`, or creates one for the tracking number and carrier).
   */
  trackingEvents(input: {
    trackingNumber: string;
    carrier: string;
    trackerId: string | null;
    recorded: TrackingEvent[];
  }): Promise<TrackingEvent[]>;
  /**
   * A tracking webhook, checked: its signature (X-Hmac-Signature, HMAC-SHA256 of the raw body)
   * and its age (older than the provider's tolerance is refused, so a captured event cannot be
   * replayed later). Throws ShippingWebhookError when refused; answers null for a genuine event
   * of another kind (batch, refund, …) that fulfilment has no use for.
   */
  verifyWebhook(request: WebhookRequest, now?: Date): TrackingUpdate | null;
  /**
   * A simulated tracker (the local provider's, a test and demo tool): the parcel's next step
   * after what the caller recorded, as the signed webhook request that reports it; null once
   * delivered. A carrier's provider (EasyPost) has none: its parcels are tracked for real.
   */
  advanceSimulation?(input: {
    trackingNumber: string;
    recorded: TrackingEvent[];
  }): WebhookRequest | null;
  /** Whether the simulated tracker made this tracking number (so `advanceSimulation` takes it). */
  simulates?(trackingNumber: string): boolean;
}
