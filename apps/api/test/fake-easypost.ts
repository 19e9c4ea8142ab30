import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EasyPostShippingProvider } from '../src/providers/shipping/easypost-shipping-provider';
import type { WebhookRequest } from '../src/providers/shipping/shipping-provider';
import { SIGNATURE_HEADER, signBody } from '../src/providers/shipping/webhook-signature';

type Json = Record<string, unknown>;

export const EASYPOST_API_KEY = 'EZTK_fake_test_key';
export const EASYPOST_WEBHOOK_SECRET = 'fake-easypost-webhook-secret';

const id = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
const stamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

interface FakeRate {
  id: string;
  object: 'Rate';
  mode: 'test';
  service: string;
  carrier: string;
  carrier_account_id: string;
  shipment_id: string;
  rate: string;
  currency: string;
  retail_rate: string;
  retail_currency: string;
  list_rate: string;
  list_currency: string;
  delivery_days: number | null;
  delivery_date: string | null;
  delivery_date_guaranteed: boolean;
  est_delivery_days: number | null;
  created_at: string;
  updated_at: string;
}

interface FakeTrackingDetail {
  object: 'TrackingDetail';
  message: string;
  description: string;
  status: string;
  status_detail: string;
  datetime: string;
  source: string;
  carrier_code: string;
  tracking_location: {
    object: 'TrackingLocation';
    city: string | null;
    state: string | null;
    country: string | null;
    zip: string | null;
  };
}

interface FakeTracker {
  id: string;
  object: 'Tracker';
  mode: 'test';
  tracking_code: string;
  status: string;
  status_detail: string;
  signed_by: string | null;
  weight: number | null;
  est_delivery_date: string | null;
  shipment_id: string | null;
  carrier: string;
  tracking_details: FakeTrackingDetail[];
  public_url: string;
  fees: unknown[];
  finalized: boolean;
  is_return: boolean;
  created_at: string;
  updated_at: string;
}

interface FakeShipment {
  id: string;
  object: 'Shipment';
  mode: 'test';
  reference: string | null;
  to_address: Json;
  from_address: Json;
  return_address: Json;
  buyer_address: Json;
  parcel: Json;
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  postage_label: Json | null;
  tracking_code: string | null;
  tracker: FakeTracker | null;
  is_return: boolean;
  status: string;
  messages: unknown[];
  created_at: string;
  updated_at: string;
}

/**
 * The carriers' prices: the fake models EasyPost's API, the prices are its own (per ounce, so a
 * heavier parcel costs more and tests can tell rates apart).
 */
const SERVICES = [
  { carrier: 'USPS', service: 'GroundAdvantage', base: 5.4, perOz: 0.12, days: 5 },
  { carrier: 'USPS', service: 'Priority', base: 8.9, perOz: 0.2, days: 2 },
  { carrier: 'USPS', service: 'Express', base: 27.5, perOz: 0.35, days: 1 },
] as const;

/** The journey a tracker takes when a test advances it. */
const JOURNEY = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'] as const;
const JOURNEY_MESSAGES: Record<(typeof JOURNEY)[number], string> = {
  pre_transit: 'Pre-Shipment Info Sent to USPS',
  in_transit: 'Arrived at USPS Regional Facility',
  out_for_delivery: 'Out for Delivery',
  delivered: 'Delivered, In/At Mailbox',
};

/**
 * EasyPost writes weights as floats ("weight": 16.0); JSON.stringify drops the ".0". Its client
 * (validateWebhook) puts it back before checking a signature, so the fake signs and sends what
 * EasyPost would.
 */
const asEasyPostJson = (value: unknown) =>
  JSON.stringify(value).replace(/("weight":\s*)(\d+)(\s*)(?=,|\})/g, '$1$2.0');

/**
 * A local HTTP server that answers like the parts of EasyPost's API v2 the shipping provider
 * uses (Shipments with their rates, buy, return shipments, Trackers), with EasyPost's ids
 * (shp_, rate_, trk_, evt_…), object shapes, Basic-auth API key and error shape
 * ({ error: { code, message, errors } }), and that signs webhook Events as EasyPost does.
 */
export class FakeEasyPost {
  readonly shipments = new Map<string, FakeShipment>();
  readonly trackers = new Map<string, FakeTracker>();
  /** Every request as received, JSON body decoded: tests assert on what was sent. */
  readonly requests: { method: string; path: string; body: Json }[] = [];
  /** Makes every request fail like an EasyPost outage while set. */
  failing = false;
  /** Holds every answer this long (a slow EasyPost). */
  delayMs = 0;
  now: () => Date = () => new Date();
  private server!: Server;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-ep-request-uuid': randomBytes(8).toString('hex'),
        });
        response.end(asEasyPostJson(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v2/`;
  }

  provider(
    options: { webhookSecret?: string | null; timeoutMs?: number; apiKey?: string } = {},
  ): EasyPostShippingProvider {
    return new EasyPostShippingProvider({
      apiKey: options.apiKey ?? EASYPOST_API_KEY,
      webhookSecret:
        options.webhookSecret === null
          ? undefined
          : (options.webhookSecret ?? EASYPOST_WEBHOOK_SECRET),
      baseUrl: this.baseUrl,
      timeoutMs: options.timeoutMs,
      now: () => this.now(),
    });
  }

  /** The carrier scanned the parcel: its tracker moves one step; answers the signed Event. */
  advanceTracker(trackingCode: string): WebhookRequest {
    const tracker = [...this.trackers.values()].find((t) => t.tracking_code === trackingCode);
    if (!tracker) throw new Error(`No tracker for ${trackingCode}`);
    const previous = tracker.status;
    const next = JOURNEY[JOURNEY.indexOf(previous as (typeof JOURNEY)[number]) + 1];
    if (!next) throw new Error(`${trackingCode} is already ${previous}`);
    const at = stamp(this.now());
    tracker.tracking_details.push({
      object: 'TrackingDetail',
      message: JOURNEY_MESSAGES[next],
      description: '',
      status: next,
      status_detail: next === 'delivered' ? 'arrived_at_destination' : 'status_update',
      datetime: at,
      source: 'USPS',
      carrier_code: '',
      tracking_location: {
        object: 'TrackingLocation',
        city: 'TORONTO',
        state: 'ON',
        country: 'CA',
        zip: null,
      },
    });
    tracker.status = next;
    tracker.updated_at = at;
    return this.event('tracker.updated', tracker, { status: previous });
  }

  /** A webhook request as EasyPost sends it: the Event's JSON and its X-Hmac-Signature. */
  event(
    description: string,
    result: unknown,
    previousAttributes: Json = {},
    options: { secret?: string; createdAt?: Date } = {},
  ): WebhookRequest {
    const at = stamp(options.createdAt ?? this.now());
    const body = asEasyPostJson({
      id: id('evt'),
      object: 'Event',
      mode: 'test',
      description,
      previous_attributes: previousAttributes,
      result,
      status: 'pending',
      pending_urls: ['https://shop.test/api/shipping/easypost/webhook'],
      completed_urls: [],
      created_at: at,
      updated_at: at,
    });
    return {
      rawBody: Buffer.from(body),
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(body, options.secret ?? EASYPOST_WEBHOOK_SECRET),
      },
    };
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://easypost.test').pathname;
    const text = Buffer.concat(chunks).toString();
    const body = (text ? JSON.parse(text) : {}) as Json;
    this.requests.push({ method, path, body });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing)
      return this.error(503, 'SERVICE.UNAVAILABLE', 'The service is temporarily unavailable.');
    const auth = request.headers.authorization ?? '';
    const key = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0]
      : '';
    if (key !== EASYPOST_API_KEY)
      return this.error(
        401,
        'APIKEY.INACTIVE',
        'This api key is no longer active. Please use a different api key or reactivate this key.',
      );
    return this.route(method, path, body);
  }

  private route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const [, , resource, resourceId, action] = path.split('/'); // '', 'v2', resource, id, action
    const ok = (value: unknown, status = 200) => ({ status, body: value });
    if (resource === 'shipments') {
      if (!resourceId && method === 'POST') {
        const created = this.createShipment((body.shipment ?? {}) as Json);
        return 'error' in created ? created.error : ok(created.shipment, 201);
      }
      const shipment = this.shipments.get(resourceId ?? '');
      if (!shipment)
        return this.error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      if (method === 'GET' && !action) return ok(shipment);
      if (method === 'POST' && action === 'buy') return this.buy(shipment, body);
    }
    if (resource === 'trackers') {
      if (!resourceId && method === 'POST') {
        const params = (body.tracker ?? {}) as Json;
        const code = String(params.tracking_code ?? '');
        if (!code)
          return this.error(422, 'TRACKER.TRACKING_CODE.MISSING', 'Missing required parameter.', [
            { field: 'tracking_code', message: 'cannot be blank', suggestion: null },
          ]);
        const known = [...this.trackers.values()].find((t) => t.tracking_code === code);
        return ok(known ?? this.createTracker(code, String(params.carrier ?? 'USPS'), null, false));
      }
      const tracker = this.trackers.get(resourceId ?? '');
      if (!tracker)
        return this.error(404, 'NOT_FOUND', 'The requested resource could not be found.');
      if (method === 'GET') return ok(tracker);
    }
    return this.error(404, 'NOT_FOUND', 'The requested resource could not be found.');
  }

  private createShipment(
    params: Json,
  ): { shipment: FakeShipment } | { error: { status: number; body: unknown } } {
    const missing = (['to_address', 'from_address', 'parcel'] as const).filter((f) => !params[f]);
    if (missing.length > 0)
      return {
        error: this.error(
          422,
          'PARAMETER.REQUIRED',
          'Missing required parameter.',
          missing.map((field) => ({ field, message: 'cannot be blank', suggestion: null })),
        ),
      };
    const parcel = params.parcel as Json;
    const weightOz = Number(parcel.weight);
    if (!(weightOz > 0))
      return {
        error: this.error(422, 'PARCEL.WEIGHT.INVALID', 'Invalid parcel weight.', [
          { field: 'weight', message: 'must be greater than 0', suggestion: null },
        ]),
      };
    for (const side of ['to_address', 'from_address'] as const) {
      const address = params[side] as Json;
      if (!address.zip || !address.country)
        return {
          error: this.error(422, 'ADDRESS.VERIFY.FAILURE', 'Address not found', [
            {
              field: address.zip ? 'country' : 'zip',
              message: 'cannot be blank',
              suggestion: null,
            },
          ]),
        };
    }
    const at = stamp(this.now());
    const address = (value: Json) => ({
      id: id('adr'),
      object: 'Address',
      mode: 'test',
      ...value,
      created_at: at,
      updated_at: at,
    });
    const isReturn = params.is_return === true;
    // A return ships the other way: EasyPost swaps the addresses it was given.
    const to = address((isReturn ? params.from_address : params.to_address) as Json);
    const from = address((isReturn ? params.to_address : params.from_address) as Json);
    const shipmentId = id('shp');
    const rates = SERVICES.map((service): FakeRate => {
      const amount = (service.base + service.perOz * weightOz).toFixed(2);
      return {
        id: id('rate'),
        object: 'Rate',
        mode: 'test',
        service: service.service,
        carrier: service.carrier,
        carrier_account_id: 'ca_fake_usps',
        shipment_id: shipmentId,
        rate: amount,
        currency: 'USD',
        retail_rate: amount,
        retail_currency: 'USD',
        list_rate: amount,
        list_currency: 'USD',
        delivery_days: service.days,
        delivery_date: null,
        delivery_date_guaranteed: false,
        est_delivery_days: service.days,
        created_at: at,
        updated_at: at,
      };
    });
    const shipment: FakeShipment = {
      id: shipmentId,
      object: 'Shipment',
      mode: 'test',
      reference: (params.reference as string | undefined) ?? null,
      to_address: to,
      from_address: from,
      return_address: from,
      buyer_address: to,
      parcel: {
        id: id('prcl'),
        object: 'Parcel',
        mode: 'test',
        ...parcel,
        weight: weightOz,
        created_at: at,
        updated_at: at,
      },
      rates,
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      tracker: null,
      is_return: isReturn,
      status: 'unknown',
      messages: [],
      created_at: at,
      updated_at: at,
    };
    this.shipments.set(shipmentId, shipment);
    return { shipment };
  }

  private buy(shipment: FakeShipment, body: Json): { status: number; body: unknown } {
    if (shipment.selected_rate)
      return this.error(
        422,
        'SHIPMENT.POSTAGE.EXISTS',
        'Postage already exists for this shipment.',
      );
    const rateId = String(((body.rate ?? {}) as Json).id ?? '');
    const rate = shipment.rates.find((r) => r.id === rateId);
    if (!rate)
      return this.error(
        422,
        'SHIPMENT.RATE.INVALID',
        'The rate does not belong to this shipment.',
        [{ field: 'rate', message: 'is invalid', suggestion: null }],
      );
    const at = stamp(this.now());
    const code = `9400${randomBytes(9).readBigUInt64BE().toString().padStart(18, '0').slice(0, 18)}`;
    shipment.selected_rate = rate;
    shipment.tracking_code = code;
    shipment.status = 'unknown';
    shipment.postage_label = {
      id: id('pl'),
      object: 'PostageLabel',
      date_advance: 0,
      integrated_form: 'none',
      label_date: at,
      label_resolution: 300,
      label_size: '4x6',
      label_type: 'default',
      label_file_type: 'image/png',
      label_url: `https://easypost-files.s3.us-west-2.amazonaws.com/files/postage_label/${shipment.id}.png`,
      label_pdf_url: null,
      label_epl2_url: null,
      label_zpl_url: null,
      created_at: at,
      updated_at: at,
    };
    shipment.tracker = this.createTracker(code, rate.carrier, shipment.id, shipment.is_return);
    shipment.updated_at = at;
    return { status: 200, body: shipment };
  }

  private createTracker(
    code: string,
    carrier: string,
    shipmentId: string | null,
    isReturn: boolean,
  ): FakeTracker {
    const at = stamp(this.now());
    const tracker: FakeTracker = {
      id: id('trk'),
      object: 'Tracker',
      mode: 'test',
      tracking_code: code,
      status: 'unknown',
      status_detail: 'unknown',
      signed_by: null,
      weight: null,
      est_delivery_date: null,
      shipment_id: shipmentId,
      carrier,
      tracking_details: [],
      public_url: `https://track.easypost.com/${Buffer.from(code).toString('base64url')}`,
      fees: [],
      finalized: false,
      is_return: isReturn,
      created_at: at,
      updated_at: at,
    };
    this.trackers.set(tracker.id, tracker);
    return tracker;
  }

  private error(status: number, code: string, message: string, errors: unknown[] = []) {
    return { status, body: { error: { code, message, errors } } };
  }
}
