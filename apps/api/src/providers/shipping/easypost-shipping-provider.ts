import EasyPostClient, {
  type IRate,
  type IShipment,
  type ITracker,
  type ITrackingDetail,
} from '@easypost/api';
import type { ShippingAddress } from '@marketplace/shared';
import type {
  Parcel,
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
import { TRACKING_STATUSES } from './shipping-provider';
import { ShippingProviderError, ShippingWebhookError } from './shipping-provider-error';
import {
  assertFresh,
  DEFAULT_WEBHOOK_TOLERANCE_MS,
  headerValue,
  SIGNATURE_HEADER,
} from './webhook-signature';

/** A rate delivered within this many days counts as express. */
export const EXPRESS_MAX_DELIVERY_DAYS = 2;
const DEFAULT_TIMEOUT_MS = 15_000;

export interface EasyPostOptions {
  apiKey: string;
  /** Unset: every webhook is refused (nothing can be verified). */
  webhookSecret?: string;
  /** Tests point the client at a local server: `http://127.0.0.1:PORT/v2/`. */
  baseUrl?: string;
  timeoutMs?: number;
  webhookToleranceMs?: number;
  now?: () => Date;
}

/** "7.58" → 758, without going through a binary float. */
function decimalToCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  if (!Number.isInteger(cents)) throw new Error(`Not an amount: ${amount}`);
  return cents;
}

const toEasyPostAddress = (address: ShippingAddress) => ({
  name: address.fullName,
  street1: address.streetAddress,
  street2: address.apartment ?? undefined,
  city: address.city,
  state: address.province,
  zip: address.postalCode,
  country: address.country,
});

/** EasyPost weighs in ounces and measures in inches. */
const toEasyPostParcel = (parcel: Parcel) => ({
  weight: Math.round(parcel.weightLb * 16 * 10) / 10,
  length: parcel.lengthIn,
  width: parcel.widthIn,
  height: parcel.heightIn,
});

const toStatus = (status: string): TrackingStatus => {
  if (status === 'cancelled' || status === 'error') return 'failure';
  return (TRACKING_STATUSES as readonly string[]).includes(status)
    ? (status as TrackingStatus)
    : 'unknown';
};

const toEvent = (detail: ITrackingDetail): TrackingEvent => {
  const where = detail.tracking_location;
  const location = where
    ? [where.city, where.state, where.country].filter(Boolean).join(', ') || null
    : null;
  return {
    status: toStatus(detail.status),
    occurredAt: detail.datetime,
    message: detail.message,
    location,
  };
};

const eventsOf = (tracker: ITracker) =>
  (tracker.tracking_details ?? [])
    .map(toEvent)
    .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));

/**
 * EasyPost's API v2 through its official Node client (@easypost/api, Node >= 16). Shipments carry
 * their rates; buying one answers the hosted label and the tracking code, and starts a tracker
 * whose changes EasyPost posts to our webhook as `tracker.updated` events.
 */
export class EasyPostShippingProvider implements ShippingProvider {
  readonly name = 'easypost' as const;
  private readonly client: InstanceType<typeof EasyPostClient>;
  private readonly toleranceMs: number;

  constructor(private readonly options: EasyPostOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.client = new EasyPostClient(options.apiKey, {
      baseUrl: options.baseUrl,
      // The client accepts a `timeout` option but never applies it to its requests (8.9.0):
      // superagent's own timeout is what ends a request EasyPost does not answer.
      requestMiddleware: (request: { timeout: (limits: object) => unknown }) =>
        request.timeout({ response: timeoutMs, deadline: timeoutMs }),
    });
    this.toleranceMs = options.webhookToleranceMs ?? DEFAULT_WEBHOOK_TOLERANCE_MS;
  }

  async rates(shipment: ShipmentRequest): Promise<ShippingRate[]> {
    const created = await this.createShipment(shipment, false);
    const standard = this.pick(created, 'standard');
    const express = this.pick(created, 'express');
    return [standard, express]
      .filter((rate): rate is IRate => rate !== undefined)
      .map((rate) => this.toRate(rate, rate === standard ? 'standard' : 'express'));
  }

  async buyLabel(input: {
    shipment: ShipmentRequest;
    rate: ShippingRate;
  }): Promise<PurchasedLabel> {
    const { rate } = input;
    if (!rate.shipmentId)
      throw new Error('An EasyPost rate belongs to a shipment: pass the rate rates() answered.');
    const bought = await this.call('buy a shipment', () =>
      this.client.Shipment.buy(rate.shipmentId!, rate.id),
    );
    return this.toLabel(bought, rate.service);
  }

  async returnLabel(input: {
    shipment: ShipmentRequest;
    reference: string;
  }): Promise<PurchasedLabel> {
    // The outbound addresses as they were: with is_return, EasyPost swaps them itself.
    const created = await this.createShipment(
      { ...input.shipment, reference: input.reference },
      true,
    );
    const cheapest = this.pick(created, 'standard');
    if (!cheapest)
      throw new ShippingProviderError('refused', `no rate for return shipment ${created.id}`);
    const bought = await this.call('buy a return shipment', () =>
      this.client.Shipment.buy(created.id, cheapest.id),
    );
    return this.toLabel(bought, 'standard');
  }

  async trackingEvents(input: {
    trackingNumber: string;
    carrier: string;
    trackerId: string | null;
  }): Promise<TrackingEvent[]> {
    // Creating a tracker for a code EasyPost already tracks answers the existing one.
    const tracker = input.trackerId
      ? await this.call('retrieve a tracker', () => this.client.Tracker.retrieve(input.trackerId!))
      : await this.call('create a tracker', () =>
          this.client.Tracker.create({
            tracking_code: input.trackingNumber,
            carrier: input.carrier,
          }),
        );
    return eventsOf(tracker);
  }

  verifyWebhook(
    request: WebhookRequest,
    now: Date = this.options.now?.() ?? new Date(),
  ): TrackingUpdate | null {
    const secret = this.options.webhookSecret;
    if (!secret) throw new ShippingWebhookError('EASYPOST_WEBHOOK_SECRET is not set');
    const signature = headerValue(request, SIGNATURE_HEADER);
    let event: { id: string; description: string; created_at: string; result: ITracker };
    try {
      event = this.client.Utils.validateWebhook(
        Buffer.from(request.rawBody),
        // The client looks for the header in exactly these spellings; Node lower-cases it.
        signature === undefined ? {} : { [SIGNATURE_HEADER]: signature },
        secret,
      ) as typeof event;
    } catch (error) {
      throw new ShippingWebhookError(`signature refused: ${(error as Error).message}`);
    }
    assertFresh(event.created_at, now, this.toleranceMs);
    if (event.description !== 'tracker.updated' && event.description !== 'tracker.created')
      return null;
    const tracker = event.result;
    return {
      eventId: event.id,
      trackingNumber: tracker.tracking_code,
      trackerId: tracker.id,
      status: toStatus(tracker.status),
      events: eventsOf(tracker),
    };
  }

  private createShipment(shipment: ShipmentRequest, isReturn: boolean): Promise<IShipment> {
    return this.call(isReturn ? 'create a return shipment' : 'create a shipment', () =>
      this.client.Shipment.create({
        to_address: toEasyPostAddress(shipment.to),
        from_address: toEasyPostAddress(shipment.from),
        parcel: toEasyPostParcel(shipment.parcel),
        reference: shipment.reference,
        ...(isReturn ? { is_return: true } : {}),
      } as never),
    );
  }

  /**
   * Standard is the cheapest rate; express the cheapest that arrives within
   * EXPRESS_MAX_DELIVERY_DAYS, or the fastest when none promises that.
   */
  private pick(shipment: IShipment, service: ShippingService): IRate | undefined {
    const byPrice = [...(shipment.rates ?? [])].sort(
      (a, b) => decimalToCents(a.rate) - decimalToCents(b.rate),
    );
    if (service === 'standard') return byPrice[0];
    const quick = byPrice.find(
      (rate) => rate.delivery_days != null && rate.delivery_days <= EXPRESS_MAX_DELIVERY_DAYS,
    );
    if (quick) return quick;
    return [...byPrice]
      .filter((rate) => rate.delivery_days != null)
      .sort((a, b) => a.delivery_days - b.delivery_days)[0];
  }

  private toRate(rate: IRate, service: ShippingService): ShippingRate {
    return {
      id: rate.id,
      shipmentId: rate.shipment_id,
      service,
      carrier: rate.carrier,
      carrierService: rate.service,
      amountCents: decimalToCents(rate.rate),
      currency: rate.currency,
      deliveryDays: rate.delivery_days ?? null,
    };
  }

  private toLabel(shipment: IShipment, service: ShippingService): PurchasedLabel {
    const rate = shipment.selected_rate;
    return {
      providerShipmentId: shipment.id,
      trackingNumber: shipment.tracking_code,
      carrier: rate.carrier,
      service,
      amountCents: decimalToCents(rate.rate),
      currency: rate.currency,
      label: { kind: 'url', url: shipment.postage_label.label_url },
      trackingUrl: shipment.tracker?.public_url ?? null,
      trackerId: shipment.tracker?.id ?? null,
    };
  }

  /** EasyPost answered with an error: refused (502); it did not answer: unreachable (504). */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const answered = error as { statusCode?: unknown; code?: unknown; message?: string };
      if (typeof answered.statusCode === 'number')
        throw new ShippingProviderError('refused', `EasyPost: ${operation}: ${answered.message}`, {
          cause: error,
          code: typeof answered.code === 'string' ? answered.code : undefined,
          providerStatus: answered.statusCode,
        });
      throw new ShippingProviderError('unreachable', `EasyPost: ${operation}: ${String(error)}`, {
        cause: error,
      });
    }
  }
}
