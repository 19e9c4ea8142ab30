import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripePaymentProvider } from '../src/providers/payments/stripe-payment-provider';

type Json = Record<string, unknown>;

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** What was charged: 0 until the intent succeeds. */
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  collected_information: { shipping_details: { name: string; address: Json } | null } | null;
  /** Not Stripe's: the parameters the session was created with, for tests to read. */
  created_with: Json;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export const WEBHOOK_SECRET = 'whsec_test_secret';

/** Turns Stripe's form encoding (`metadata[orderId]=…`, `line_items[0][quantity]=1`) into objects. */
function parseForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/**
 * A local HTTP server that answers like the parts of Stripe's API the provider uses
 * (PaymentIntents, Checkout Sessions, Refunds), with Stripe's error shape, the
 * Idempotency-Key behaviour and the state changes a real payment makes, driven by the test.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: FakeRefund[] = [];
  readonly requests: { method: string; path: string; idempotencyKey?: string }[] = [];
  /** Makes every request fail like a Stripe outage while set. */
  failing = false;
  private readonly replies = new Map<string, unknown>();
  private server!: Server;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  provider(options: { webhookSecret?: string | null } = {}): StripePaymentProvider {
    return new StripePaymentProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret:
        options.webhookSecret === null ? undefined : (options.webhookSecret ?? WEBHOOK_SECRET),
      publicUrl: 'http://shop.test',
      api: { host: '127.0.0.1', port: this.port, protocol: 'http' },
    });
  }

  /** The buyer's card went through on the Payment Element. */
  succeed(intentId: string): FakeIntent {
    const intent = this.intents.get(intentId)!;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    return intent;
  }

  /** The buyer paid on the hosted Checkout page, giving this address there. */
  /** The buyer pays on the hosted page; `shipping` is what the page collected, if it asked. */
  completeSession(sessionId: string, shipping?: { name: string; address: Json }): FakeIntent {
    const session = this.sessions.get(sessionId)!;
    const intent = this.createIntent({
      amount: String(session.amount_total),
      currency: session.currency,
      metadata: session.metadata,
    });
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      collected_information: shipping ? { shipping_details: shipping } : null,
    });
    return intent;
  }

  /** A webhook request as Stripe sends it: the event's JSON and its signature header. */
  event(type: string, object: unknown, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return {
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    };
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const path = url.pathname;
    const key = request.headers['idempotency-key'] as string | undefined;
    this.requests.push({ method, path, idempotencyKey: key });
    if (this.failing) return this.error(500, 'api_error', 'Stripe is unavailable.');
    if (key && this.replies.has(key)) return { status: 200, body: this.replies.get(key) };
    const body = parseForm(
      method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    const reply = this.route(method, path, body);
    if (key && reply.status === 200) this.replies.set(key, reply.body);
    return reply;
  }

  private route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const [, , resource, ...rest] = path.split('/'); // '', 'v1', resource, ...
    const ok = (value: unknown) => ({ status: 200, body: value });
    if (resource === 'payment_intents') {
      const [intentId, action] = rest;
      if (!intentId && method === 'POST') return ok(this.createIntent(body));
      const intent = this.intents.get(intentId ?? '');
      if (!intent)
        return this.error(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`);
      if (method === 'GET') return ok(intent);
      if (action === 'cancel') {
        if (intent.status === 'succeeded')
          return this.error(
            400,
            'invalid_request_error',
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          );
        intent.status = 'canceled';
        return ok(intent);
      }
      if (intent.status === 'succeeded')
        return this.error(
          400,
          'invalid_request_error',
          "This PaymentIntent's amount could not be updated because it has a status of succeeded.",
        );
      if (body.amount) intent.amount = Number(body.amount);
      return ok(intent);
    }
    if (resource === 'checkout' && rest[0] === 'sessions') {
      const [, sessionId, action] = rest;
      if (!sessionId && method === 'POST') return ok(this.createSession(body));
      const session = this.sessions.get(sessionId ?? '');
      if (!session)
        return this.error(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`);
      if (action === 'expire') {
        if (session.status !== 'open')
          return this.error(
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status of open can be expired.',
          );
        session.status = 'expired';
      }
      return ok(session);
    }
    if (resource === 'refunds' && method === 'GET') {
      const data = this.refunds.filter((r) => r.payment_intent === body.payment_intent);
      return ok({ object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    if (resource === 'refunds' && method === 'POST') {
      const intent = this.intents.get(String(body.payment_intent));
      if (intent?.status !== 'succeeded')
        return this.error(400, 'invalid_request_error', 'This PaymentIntent has not succeeded.');
      const refunded = this.refunds
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(body.amount ?? intent.amount - refunded);
      if (refunded + amount > intent.amount)
        return this.error(
          400,
          'invalid_request_error',
          'Refund amount is greater than the unrefunded amount.',
        );
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: intent.id,
        amount,
        status: 'succeeded',
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      };
      this.refunds.push(refund);
      return ok(refund);
    }
    return this.error(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  private createIntent(body: Json): FakeIntent {
    const intentId = id('pi');
    const intent: FakeIntent = {
      id: intentId,
      object: 'payment_intent',
      amount: Number(body.amount),
      amount_received: 0,
      currency: String(body.currency),
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
    };
    this.intents.set(intentId, intent);
    return intent;
  }

  private createSession(body: Json): FakeSession {
    const sessionId = id('cs_test');
    const line = (body.line_items as Record<string, Json>)['0']!;
    const price = line.price_data as Json;
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: Number(price.unit_amount) * Number(line.quantity),
      currency: String(price.currency),
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      success_url: String(body.success_url),
      cancel_url: String(body.cancel_url),
      collected_information: null,
      created_with: body,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  private error(status: number, type: string, message: string) {
    return { status, body: { error: { type, message } } };
  }
}
