import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shipStoreOrderSchema, type ShippingAddress } from '@marketplace/shared';
import { EASYPOST_WEBHOOK_SECRET, FakeEasyPost } from '../../../test/fake-easypost';
import { pdfText } from '../../../test/pdf';
import { EasyPostShippingProvider } from './easypost-shipping-provider';
import { LOCAL_TRACKING_PREFIX, LocalShippingProvider } from './local-shipping-provider';
import type {
  PurchasedLabel,
  ShipmentRequest,
  ShippingProvider,
  TrackingEvent,
  WebhookRequest,
} from './shipping-provider';
import { ShippingProviderError, ShippingWebhookError } from './shipping-provider-error';
import { SIGNATURE_HEADER, signBody } from './webhook-signature';

const fake = new FakeEasyPost();
beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => {
  fake.failing = false;
  fake.delayMs = 0;
  fake.now = () => new Date();
});

const LOCAL_SECRET = 'local-shipping-webhook-secret-for-tests';
const FOUR_DAYS_MS = 4 * 24 * 60 * 60 * 1000;

const store: ShippingAddress = {
  fullName: 'Maple & Thread',
  streetAddress: '210 Spadina Ave',
  apartment: 'Unit 4',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5T 2C2',
  country: 'CA',
  defaultAddress: false,
};
const buyer: ShippingAddress = {
  fullName: 'Zoë Tremblay',
  streetAddress: '1055 W Georgia St',
  apartment: null,
  city: 'Vancouver',
  province: 'BC',
  postalCode: 'V6E 3P3',
  country: 'CA',
  defaultAddress: false,
};

const shipment = (weightLb = 2): ShipmentRequest => ({
  from: store,
  to: buyer,
  parcel: { weightLb, lengthIn: 12, widthIn: 9, heightIn: 4 },
  reference: 'SO-1042',
  items: 2,
  currency: 'CAD',
});

interface Implementation {
  name: string;
  make: () => ShippingProvider;
  /** The carrier scans the parcel once more: the signed webhook that reports it. */
  advance: (
    provider: ShippingProvider,
    label: PurchasedLabel,
    recorded: TrackingEvent[],
  ) => WebhookRequest;
  /** A genuine tracking event, dated `createdAt`. */
  signedEvent: (label: PurchasedLabel, createdAt: Date) => WebhookRequest;
}

const implementations: Implementation[] = [
  {
    name: 'local',
    make: () => new LocalShippingProvider({ webhookSecret: LOCAL_SECRET }),
    advance: (provider, label, recorded) =>
      (provider as LocalShippingProvider).advanceSimulation({
        trackingNumber: label.trackingNumber,
        recorded,
      })!,
    signedEvent: (label, createdAt) =>
      new LocalShippingProvider({
        webhookSecret: LOCAL_SECRET,
        now: () => createdAt,
      }).advanceSimulation({ trackingNumber: label.trackingNumber, recorded: [] })!,
  },
  {
    name: 'easypost',
    make: () => fake.provider(),
    advance: (_provider, label) => fake.advanceTracker(label.trackingNumber),
    signedEvent: (label, createdAt) =>
      fake.event(
        'tracker.updated',
        [...fake.trackers.values()].find((t) => t.tracking_code === label.trackingNumber),
        {},
        { createdAt },
      ),
  },
];

const bodyOf = (request: WebhookRequest) => request.rawBody.toString();

describe.each(implementations)('$name shipping provider', ({ make, advance, signedEvent }) => {
  it('quotes a standard and an express rate for a parcel, express the dearer and quicker', async () => {
    const rates = await make().rates(shipment());
    expect(rates.map((rate) => rate.service)).toEqual(['standard', 'express']);
    const [standard, express] = rates;
    for (const rate of rates) {
      expect(Number.isInteger(rate.amountCents)).toBe(true);
      expect(rate.amountCents).toBeGreaterThan(0);
    }
    expect(express!.amountCents).toBeGreaterThan(standard!.amountCents);
    expect(express!.deliveryDays!).toBeLessThan(standard!.deliveryDays!);
  });

  it('buys the label of the rate chosen: a tracking number the ship form accepts, and a label', async () => {
    const provider = make();
    const express = (await provider.rates(shipment())).find((rate) => rate.service === 'express')!;
    const label = await provider.buyLabel({ shipment: shipment(), rate: express });
    expect(label.service).toBe('express');
    expect(label.amountCents).toBe(express.amountCents);
    expect(label.carrier).toBe(express.carrier);
    expect(
      shipStoreOrderSchema
        .safeParse({ carrier: label.carrier, trackingNumber: label.trackingNumber })
        .error?.issues.filter((issue) => issue.path[0] === 'trackingNumber') ?? [],
    ).toEqual([]);
    if (label.label.kind === 'pdf') expect(label.label.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    else expect(label.label.url).toMatch(/^https:\/\//);
    const again = await provider.buyLabel({
      shipment: shipment(),
      rate: (await provider.rates(shipment()))[0]!,
    });
    expect(again.trackingNumber).not.toBe(label.trackingNumber);
  });

  it('makes a prepaid return label, at the standard rate, with its own tracking number', async () => {
    const provider = make();
    const standard = (await provider.rates(shipment()))[0]!;
    const outbound = await provider.buyLabel({ shipment: shipment(), rate: standard });
    const back = await provider.returnLabel({ shipment: shipment(), reference: 'RMA-7' });
    expect(back.service).toBe('standard');
    expect(back.trackingNumber).not.toBe(outbound.trackingNumber);
    expect(back.amountCents).toBeGreaterThan(0);
  });

  it('reports tracking events through signed webhooks until the parcel is delivered', async () => {
    const provider = make();
    const rate = (await provider.rates(shipment()))[0]!;
    const label = await provider.buyLabel({ shipment: shipment(), rate });
    let recorded: TrackingEvent[] = [];
    const statuses: string[] = [];
    const eventIds = new Set<string>();
    for (let step = 0; step < 4; step++) {
      const update = provider.verifyWebhook(advance(provider, label, recorded));
      expect(update).not.toBeNull();
      expect(update!.trackingNumber).toBe(label.trackingNumber);
      eventIds.add(update!.eventId);
      statuses.push(update!.status);
      recorded = update!.events;
    }
    expect(statuses).toEqual(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered']);
    expect(eventIds.size).toBe(4);
    const history = await provider.trackingEvents({
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      trackerId: label.trackerId,
      recorded,
    });
    expect(history.map((event) => event.status)).toEqual(statuses);
    expect(Number.isNaN(Date.parse(history.at(-1)!.occurredAt))).toBe(false);
  });

  it('refuses a forged webhook: a changed body, another secret, no signature, or a stale event', async () => {
    const provider = make();
    const label = await provider.buyLabel({
      shipment: shipment(),
      rate: (await provider.rates(shipment()))[0]!,
    });
    const genuine = signedEvent(label, new Date());
    expect(provider.verifyWebhook(genuine)).not.toBeNull();

    const changed: WebhookRequest = {
      ...genuine,
      // Another order's parcel: the same event about a different tracking number.
      rawBody: bodyOf(genuine).replace(label.trackingNumber, `${label.trackingNumber}9`),
    };
    expect(bodyOf(changed)).not.toBe(bodyOf(genuine));
    const otherSecret: WebhookRequest = {
      ...genuine,
      headers: {
        ...genuine.headers,
        [SIGNATURE_HEADER]: signBody(bodyOf(genuine), 'not-the-secret'),
      },
    };
    const unsigned: WebhookRequest = {
      ...genuine,
      headers: { 'content-type': 'application/json' },
    };
    const stale = signedEvent(label, new Date(Date.now() - FOUR_DAYS_MS));
    for (const forged of [changed, otherSecret, unsigned, stale])
      expect(() => provider.verifyWebhook(forged)).toThrow(ShippingWebhookError);
  });
});

describe('local shipping provider', () => {
  const provider = new LocalShippingProvider({ webhookSecret: LOCAL_SECRET, expressFee: 15 });

  it('quotes the configured fees: the flat rate, and express adding its fee', async () => {
    const rates = await provider.rates(shipment());
    expect(rates.map((rate) => [rate.service, rate.amountCents, rate.currency])).toEqual([
      ['standard', 1000, 'CAD'],
      ['express', 2500, 'CAD'],
    ]);
  });

  it('prints our tracking number, the full sender address and the buyer on the label', async () => {
    const label = await provider.buyLabel({
      shipment: shipment(),
      rate: (await provider.rates(shipment()))[1]!,
    });
    expect(label.trackingNumber).toMatch(new RegExp(`^${LOCAL_TRACKING_PREFIX}[0-9A-F]{16}$`));
    const text = pdfText((label.label as { pdf: Buffer }).pdf);
    expect(text).toContain('Maple & Thread');
    expect(text).toContain('210 Spadina Ave, Unit 4, Toronto ON M5T 2C2, CA');
    expect(text).toContain('Zoë Tremblay');
    expect(text).toContain(label.trackingNumber);
    expect(text).toContain('Express');
  });

  it('sends a return label to the store, from the buyer', async () => {
    const label = await provider.returnLabel({ shipment: shipment(), reference: 'RMA-7' });
    const text = pdfText((label.label as { pdf: Buffer }).pdf);
    expect(text).toContain('Order RMA-7');
    expect(text.indexOf('Zoë Tremblay')).toBeLessThan(text.indexOf('SHIP TO'));
    expect(text.indexOf('Maple & Thread')).toBeGreaterThan(text.indexOf('SHIP TO'));
  });

  it('stops advancing once delivered, and only advances its own tracking numbers', () => {
    const delivered: TrackingEvent[] = [
      'pre_transit',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ].map((status) => ({
      status: status as TrackingEvent['status'],
      occurredAt: new Date().toISOString(),
      message: '',
      location: null,
    }));
    expect(
      provider.advanceSimulation({
        trackingNumber: `${LOCAL_TRACKING_PREFIX}0`,
        recorded: delivered,
      }),
    ).toBeNull();
    expect(() => provider.advanceSimulation({ trackingNumber: '9400111', recorded: [] })).toThrow();
  });

  it("refuses the simulation's events signed in another deployment (another secret)", () => {
    const elsewhere = new LocalShippingProvider({ webhookSecret: 'another-deployment' });
    const event = elsewhere.advanceSimulation({
      trackingNumber: `${LOCAL_TRACKING_PREFIX}AB`,
      recorded: [],
    })!;
    expect(() => provider.verifyWebhook(event)).toThrow(ShippingWebhookError);
  });
});

describe('easypost shipping provider against the local EasyPost', () => {
  it('sends the addresses, the parcel in ounces and the reference, and buys the rate chosen', async () => {
    const provider = fake.provider();
    const rates = await provider.rates(shipment(2.5));
    const created = fake.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v2/shipments',
    )!;
    expect(created.body).toMatchObject({
      shipment: {
        from_address: {
          name: 'Maple & Thread',
          street1: '210 Spadina Ave',
          street2: 'Unit 4',
          city: 'Toronto',
          state: 'ON',
          zip: 'M5T 2C2',
          country: 'CA',
        },
        to_address: {
          name: 'Zoë Tremblay',
          street1: '1055 W Georgia St',
          city: 'Vancouver',
          state: 'BC',
          zip: 'V6E 3P3',
          country: 'CA',
        },
        parcel: { weight: 40, length: 12, width: 9, height: 4 },
        reference: 'SO-1042',
      },
    });
    // The fake's prices: GroundAdvantage 5.40 + 0.12/oz, Priority 8.90 + 0.20/oz (2 days).
    expect(rates.map((rate) => [rate.service, rate.carrierService, rate.amountCents])).toEqual([
      ['standard', 'GroundAdvantage', 1020],
      ['express', 'Priority', 1690],
    ]);
    const label = await provider.buyLabel({ shipment: shipment(2.5), rate: rates[1]! });
    const bought = fake.shipments.get(rates[1]!.shipmentId!)!;
    expect(bought.selected_rate!.id).toBe(rates[1]!.id);
    expect(label).toMatchObject({
      providerShipmentId: bought.id,
      trackingNumber: bought.tracking_code,
      trackerId: bought.tracker!.id,
      trackingUrl: bought.tracker!.public_url,
      label: { kind: 'url', url: bought.postage_label!.label_url },
    });
    expect(label.trackerId).toMatch(/^trk_/);
  });

  it('asks for a return with is_return and the outbound addresses, which EasyPost swaps', async () => {
    const label = await fake.provider().returnLabel({ shipment: shipment(), reference: 'RMA-7' });
    const returned = fake.shipments.get(label.providerShipmentId!)!;
    expect(returned.is_return).toBe(true);
    expect(returned.reference).toBe('RMA-7');
    expect(returned.to_address).toMatchObject({ name: 'Maple & Thread' });
    expect(returned.from_address).toMatchObject({ name: 'Zoë Tremblay' });
  });

  it('answers 502 when EasyPost refuses (its error code kept) and 504 when it does not answer', async () => {
    const refused = await fake
      .provider({ apiKey: 'EZTK_revoked' })
      .rates(shipment())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ShippingProviderError);
    expect(refused).toMatchObject({
      statusCode: 502,
      code: 'APIKEY.INACTIVE',
      providerStatus: 401,
    });

    const badParcel = await fake
      .provider()
      .rates(shipment(0))
      .catch((error: unknown) => error);
    expect(badParcel).toMatchObject({ statusCode: 502, code: 'PARCEL.WEIGHT.INVALID' });

    fake.delayMs = 500;
    const slow = await fake
      .provider({ timeoutMs: 100 })
      .rates(shipment())
      .catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(ShippingProviderError);
    expect(slow).toMatchObject({ statusCode: 504, reason: 'unreachable' });
  });

  it('refuses every webhook when no webhook secret is configured', async () => {
    const label = await fake.provider().buyLabel({
      shipment: shipment(),
      rate: (await fake.provider().rates(shipment()))[0]!,
    });
    const event = fake.advanceTracker(label.trackingNumber);
    expect(() => fake.provider({ webhookSecret: null }).verifyWebhook(event)).toThrow(
      ShippingWebhookError,
    );
    expect(fake.provider().verifyWebhook(event)?.status).toBe('pre_transit');
  });

  it('verifies, then leaves alone, an event of another kind', () => {
    const event = fake.event('batch.updated', { id: 'batch_1', object: 'Batch' });
    expect(fake.provider().verifyWebhook(event)).toBeNull();
    expect(() =>
      fake.provider({ webhookSecret: `${EASYPOST_WEBHOOK_SECRET}x` }).verifyWebhook(event),
    ).toThrow(ShippingWebhookError);
  });

  it('checks signatures as EasyPost signs them, weights written as floats', () => {
    const event = fake.event('tracker.updated', {
      id: 'trk_1',
      object: 'Tracker',
      tracking_code: 'EZ1',
      status: 'in_transit',
      weight: 16,
      tracking_details: [],
    });
    expect(bodyOf(event)).toContain('"weight":16.0');
    expect(
      new EasyPostShippingProvider({
        apiKey: 'k',
        webhookSecret: EASYPOST_WEBHOOK_SECRET,
      }).verifyWebhook(event)?.status,
    ).toBe('in_transit');
  });
});
