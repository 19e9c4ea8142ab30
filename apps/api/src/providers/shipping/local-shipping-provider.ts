import { randomBytes } from 'node:crypto';
import {
  toCents,
  DEFAULT_EXPRESS_FEE_PER_BRAND,
  SHIPPING_POLICY,
  type ShippingAddress,
} from '@marketplace/shared';
import { renderShippingLabel } from './shipping-label';
import type {
  PurchasedLabel,
  ShipmentRequest,
  ShippingProvider,
  ShippingRate,
  ShippingService,
  TrackingEvent,
  TrackingStatus,
  TrackingUpdate,
  WebhookRequest,
} from './shipping-provider';
import { ShippingWebhookError } from './shipping-provider-error';
import {
  assertFresh,
  DEFAULT_WEBHOOK_TOLERANCE_MS,
  SIGNATURE_HEADER,
  signBody,
  verifySignature,
} from './webhook-signature';

/**
 * Every tracking number the local provider makes starts with this, so nobody (a seller, support,
 * a carrier's site) mistakes one for a carrier's: they track nothing outside this marketplace.
 */
export const LOCAL_TRACKING_PREFIX = 'LB-LOCAL-';
export const LOCAL_CARRIER = 'Local Brands (simulated)';

/** The simulated parcel's journey, one step per advance. */
export const SIMULATED_JOURNEY = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
] as const satisfies readonly TrackingStatus[];

const JOURNEY_MESSAGES: Record<(typeof SIMULATED_JOURNEY)[number], string> = {
  pre_transit: 'Label created; the parcel has not been handed over yet.',
  in_transit: 'In transit.',
  out_for_delivery: 'Out for delivery.',
  delivered: 'Delivered.',
};

/** The sender as the label prints it: the name, then the whole address on one line. */
const senderOf = (address: ShippingAddress) => ({
  name: address.fullName,
  city: [
    address.streetAddress,
    address.apartment,
    `${address.city} ${address.province} ${address.postalCode}`,
    address.country,
  ]
    .filter(Boolean)
    .join(', '),
});

/**
 * The default, offline provider: quotes the configured fees, draws the label itself (the orders
 * module's PDF) and simulates a tracker. It stores nothing: a shipment's simulated history is
 * the events its caller recorded, and advancing it answers the next event as a signed webhook
 * the caller handles exactly as it handles EasyPost's, in whichever process receives it.
 */
export class LocalShippingProvider implements ShippingProvider {
  readonly name = 'local' as const;
  private readonly standardCents: number;
  private readonly expressCents: number;
  private readonly toleranceMs: number;

  constructor(
    private readonly options: {
      /** Signs the simulated tracker's events: every API process must be given the same one. */
      webhookSecret: string;
      /** What standard shipping costs a brand (spec 9's flat rate unless set). */
      standardFee?: number;
      /** What express adds to it (DESIGN 4's configurable fee). */
      expressFee?: number;
      webhookToleranceMs?: number;
      now?: () => Date;
    },
  ) {
    this.standardCents = toCents(options.standardFee ?? SHIPPING_POLICY.flatRatePerBrand);
    this.expressCents =
      this.standardCents + toCents(options.expressFee ?? DEFAULT_EXPRESS_FEE_PER_BRAND);
    this.toleranceMs = options.webhookToleranceMs ?? DEFAULT_WEBHOOK_TOLERANCE_MS;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  rates(shipment: ShipmentRequest): Promise<ShippingRate[]> {
    const rate = (service: ShippingService, amountCents: number, days: number): ShippingRate => ({
      id: `local_${service}`,
      shipmentId: null,
      service,
      carrier: LOCAL_CARRIER,
      carrierService: service === 'express' ? 'Express' : 'Standard',
      amountCents,
      currency: shipment.currency,
      deliveryDays: days,
    });
    return Promise.resolve([
      rate('standard', this.standardCents, 5),
      rate('express', this.expressCents, 2),
    ]);
  }

  async buyLabel(input: {
    shipment: ShipmentRequest;
    rate: ShippingRate;
  }): Promise<PurchasedLabel> {
    const { shipment, rate } = input;
    return this.draw({
      from: shipment.from,
      to: shipment.to,
      shipment,
      reference: shipment.reference,
      service: rate.service,
      amountCents: rate.amountCents,
    });
  }

  async returnLabel(input: {
    shipment: ShipmentRequest;
    reference: string;
  }): Promise<PurchasedLabel> {
    const { shipment } = input;
    return this.draw({
      from: shipment.to,
      to: shipment.from,
      shipment,
      reference: input.reference,
      service: 'standard',
      amountCents: this.standardCents,
    });
  }

  trackingEvents(input: { recorded: TrackingEvent[] }): Promise<TrackingEvent[]> {
    return Promise.resolve(
      [...input.recorded].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt)),
    );
  }

  simulates(trackingNumber: string): boolean {
    return trackingNumber.startsWith(LOCAL_TRACKING_PREFIX);
  }

  /**
   * The simulated parcel's next step after what the caller recorded (the seller's or a test's
   * "advance"), as the signed webhook request that reports it. Null once delivered.
   */
  advanceSimulation(input: {
    trackingNumber: string;
    recorded: TrackingEvent[];
  }): WebhookRequest | null {
    if (!this.simulates(input.trackingNumber))
      throw new Error(`${input.trackingNumber} is not a local tracking number.`);
    const reached = input.recorded.reduce(
      (furthest, event) =>
        Math.max(
          furthest,
          SIMULATED_JOURNEY.indexOf(event.status as (typeof SIMULATED_JOURNEY)[number]),
        ),
      -1,
    );
    const next = SIMULATED_JOURNEY[reached + 1];
    if (!next) return null;
    const now = this.now().toISOString();
    const events = [
      ...input.recorded,
      { status: next, occurredAt: now, message: JOURNEY_MESSAGES[next], location: null },
    ];
    const body = JSON.stringify({
      id: `lcl_evt_${randomBytes(10).toString('hex')}`,
      description: 'tracker.updated',
      created_at: now,
      tracking_number: input.trackingNumber,
      status: next,
      events,
    });
    return {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(body, this.options.webhookSecret),
      },
    };
  }

  verifyWebhook(request: WebhookRequest, now: Date = this.now()): TrackingUpdate | null {
    const body = verifySignature(request, this.options.webhookSecret);
    const event = JSON.parse(body) as {
      id: string;
      description: string;
      created_at: string;
      tracking_number: string;
      status: TrackingStatus;
      events: TrackingEvent[];
    };
    assertFresh(event.created_at, now, this.toleranceMs);
    if (event.description !== 'tracker.updated') return null;
    if (!event.tracking_number.startsWith(LOCAL_TRACKING_PREFIX))
      throw new ShippingWebhookError('not a local tracking number');
    return {
      eventId: event.id,
      trackingNumber: event.tracking_number,
      trackerId: null,
      status: event.status,
      events: event.events,
    };
  }

  private async draw(input: {
    from: ShippingAddress;
    to: ShippingAddress;
    shipment: ShipmentRequest;
    reference: string;
    service: ShippingService;
    amountCents: number;
  }): Promise<PurchasedLabel> {
    const trackingNumber = `${LOCAL_TRACKING_PREFIX}${randomBytes(8).toString('hex').toUpperCase()}`;
    const pdf = await renderShippingLabel({
      sender: senderOf(input.from),
      recipient: input.to,
      reference: input.reference,
      trackingNumber,
      weightLb: input.shipment.parcel.weightLb,
      shippingMethod: input.service === 'express' ? 'EXPRESS' : 'STANDARD',
      items: input.shipment.items,
      ...(input.shipment.locale ? { locale: input.shipment.locale } : {}),
    });
    return {
      providerShipmentId: null,
      trackingNumber,
      carrier: LOCAL_CARRIER,
      service: input.service,
      amountCents: input.amountCents,
      currency: input.shipment.currency,
      label: { kind: 'pdf', pdf },
      trackingUrl: null,
      trackerId: null,
    };
  }
}
