import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripePaymentProvider } from '../src/providers/payments/stripe-payment-provider';
import { StripePayoutProvider } from '../src/providers/payouts/stripe-payout-provider';
import { StripeTaxProvider } from '../src/providers/tax/stripe-tax-provider';
import { FakeStripeTaxApi, sharedCalculatorRules, type FakeTaxRules } from './fake-stripe-tax';

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

/** A Connect Express account (issue 17), with the fields the payouts read. */
interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  country: string;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: { currently_due: string[]; disabled_reason: string | null };
  capabilities: Record<string, string>;
  metadata: Record<string, string>;
  /** Not Stripe's: what the account holds on Stripe (transfers in, reversals and bank payouts out). */
  balance: number;
}

interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  description: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  reversals: { object: 'list'; data: FakeReversal[]; has_more: false; url: string };
}

interface FakeReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
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
 * A local HTTP server that answers like the parts of Stripe's API the providers use
 * (PaymentIntents, Checkout Sessions, Refunds; Stripe Tax's Calculations and Transactions, see
 * fake-stripe-tax.ts), with Stripe's error shape, the Idempotency-Key behaviour and the state
 * changes a real payment makes, driven by the test.
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: FakeRefund[] = [];
  /** Stripe Connect (issue 17): Express accounts, their onboarding links, transfers and reversals. */
  readonly accounts = new Map<string, FakeAccount>();
  readonly accountLinks: {
    account: string;
    url: string;
    return_url: string;
    refresh_url: string;
  }[] = [];
  readonly transfers: FakeTransfer[] = [];
  /** Every request as received, its form-encoded body decoded: tests assert on what was sent. */
  readonly requests: { method: string; path: string; idempotencyKey?: string; body: Json }[] = [];
  /** Makes every request fail like a Stripe outage while set. */
  failing = false;
  /** Holds every answer this long (a slow Stripe). */
  delayMs = 0;
  /** Stripe's clock: tax dates and calculation expiry are checked against it. */
  now: () => Date = () => new Date();
  /** The tax content of Stripe Tax's answers: the fake models the API, the rates are ours. */
  taxRules: FakeTaxRules = sharedCalculatorRules;
  readonly tax = new FakeStripeTaxApi(
    () => this.taxRules,
    () => this.now(),
  );
  private readonly replies = new Map<string, { request: string; body: unknown }>();
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

  /** Stripe Connect payouts (issue 17) through this server. */
  payoutProvider(options: { webhookSecret?: string } = {}): StripePayoutProvider {
    return new StripePayoutProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: options.webhookSecret ?? WEBHOOK_SECRET,
      country: 'CA',
      api: { host: '127.0.0.1', port: this.port, protocol: 'http' },
    });
  }

  /** Stripe forgets idempotency keys after 24 hours: later retries are new requests. */
  forgetIdempotencyKeys(): void {
    this.replies.clear();
  }

  /** The official client, pointed at this server. */
  client(): Stripe {
    return new Stripe('sk_test_fake', {
      maxNetworkRetries: 0,
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
    });
  }

  taxProvider(options: { timeoutMs?: number } = {}): StripeTaxProvider {
    return new StripeTaxProvider(this.client(), options);
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

  /** The brand finished Stripe's onboarding: details given and checked, payouts enabled. */
  completeOnboarding(accountId: string, payoutsEnabled = true): FakeAccount {
    const account = this.accounts.get(accountId)!;
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: payoutsEnabled,
      payouts_enabled: payoutsEnabled,
      requirements: { currently_due: [], disabled_reason: null },
      capabilities: { transfers: payoutsEnabled ? 'active' : 'pending' },
    });
    return account;
  }

  /** The connected account paid its Stripe balance out to its bank: nothing is left to reverse. */
  payOutToBank(accountId: string): void {
    this.accounts.get(accountId)!.balance = 0;
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
    const body = parseForm(
      method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    this.requests.push({ method, path, idempotencyKey: key, body });
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) return this.error(500, 'api_error', 'Stripe is unavailable.');
    const asked = JSON.stringify([method, path, body]);
    const earlier = key ? this.replies.get(key) : undefined;
    if (earlier && earlier.request !== asked)
      return this.error(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    if (earlier) return { status: 200, body: earlier.body };
    const reply = this.route(method, path, body);
    if (key && reply.status === 200) this.replies.set(key, { request: asked, body: reply.body });
    return reply;
  }

  private route(method: string, path: string, body: Json): { status: number; body: unknown } {
    const [, , resource, ...rest] = path.split('/'); // '', 'v1', resource, ...
    const ok = (value: unknown) => ({ status: 200, body: value });
    if (resource === 'tax') return this.tax.route(method, rest, body);
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
    if (resource === 'accounts' || resource === 'account_links' || resource === 'transfers')
      return this.connect(resource, method, rest, body);
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

  /** Stripe Connect: /v1/accounts, /v1/account_links, /v1/transfers and their reversals. */
  private connect(
    resource: string,
    method: string,
    rest: string[],
    body: Json,
  ): { status: number; body: unknown } {
    const ok = (value: unknown) => ({ status: 200, body: value });
    const view = (account: FakeAccount) => {
      const { balance: _hidden, ...visible } = account;
      return visible;
    };
    if (resource === 'accounts') {
      const [accountId] = rest;
      if (!accountId && method === 'POST') {
        if (body.type !== 'express' && !body.controller)
          return this.error(400, 'invalid_request_error', 'Missing required param: type.');
        const account: FakeAccount = {
          id: id('acct'),
          object: 'account',
          type: 'express',
          email: (body.email as string | undefined) ?? null,
          country: (body.country as string | undefined) ?? 'US',
          details_submitted: false,
          charges_enabled: false,
          payouts_enabled: false,
          requirements: {
            currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
            disabled_reason: 'requirements.past_due',
          },
          capabilities: { transfers: 'inactive' },
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          balance: 0,
        };
        this.accounts.set(account.id, account);
        return ok(view(account));
      }
      const account = this.accounts.get(accountId ?? '');
      if (!account)
        return this.error(404, 'invalid_request_error', `No such account: '${accountId}'`);
      return ok(view(account));
    }
    if (resource === 'account_links' && method === 'POST') {
      const account = this.accounts.get(String(body.account));
      if (!account)
        return this.error(
          400,
          'invalid_request_error',
          `No such account: '${String(body.account)}'`,
        );
      for (const param of ['refresh_url', 'return_url', 'type'])
        if (!body[param])
          return this.error(400, 'invalid_request_error', `Missing required param: ${param}.`);
      const link = {
        account: account.id,
        url: `https://connect.stripe.com/setup/e/${account.id}/${randomBytes(6).toString('hex')}`,
        return_url: String(body.return_url),
        refresh_url: String(body.refresh_url),
      };
      this.accountLinks.push(link);
      return ok({
        object: 'account_link',
        url: link.url,
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
      });
    }
    const [transferId, action] = rest;
    if (!transferId && method === 'GET') {
      const data = this.transfers.filter(
        (t) => !body.transfer_group || t.transfer_group === body.transfer_group,
      );
      return ok({ object: 'list', url: '/v1/transfers', has_more: false, data });
    }
    if (!transferId && method === 'POST') {
      const destination = this.accounts.get(String(body.destination));
      if (!destination)
        return this.error(
          400,
          'invalid_request_error',
          `No such destination: '${String(body.destination)}'`,
        );
      if (destination.capabilities.transfers !== 'active')
        return this.error(
          400,
          'invalid_request_error',
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        );
      const transfer: FakeTransfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        amount_reversed: 0,
        currency: String(body.currency),
        destination: destination.id,
        transfer_group: (body.transfer_group as string | undefined) ?? null,
        description: (body.description as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        reversed: false,
        reversals: { object: 'list', data: [], has_more: false, url: '' },
      };
      transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
      destination.balance += transfer.amount;
      this.transfers.push(transfer);
      return ok(transfer);
    }
    const transfer = this.transfers.find((t) => t.id === transferId);
    if (!transfer)
      return this.error(404, 'invalid_request_error', `No such transfer: '${transferId}'`);
    if (action === 'reversals' && method === 'POST') {
      const amount = Number(body.amount ?? transfer.amount - transfer.amount_reversed);
      if (transfer.amount_reversed + amount > transfer.amount)
        return this.error(
          400,
          'invalid_request_error',
          'Transfer reversal amount is greater than the amount remaining on the transfer.',
        );
      const destination = this.accounts.get(transfer.destination)!;
      if (destination.balance < amount)
        return this.error(
          400,
          'invalid_request_error',
          'Insufficient funds in the destination account to reverse this transfer.',
        );
      const reversal: FakeReversal = {
        id: id('trr'),
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      };
      destination.balance -= amount;
      transfer.amount_reversed += amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      transfer.reversals.data.push(reversal);
      return ok(reversal);
    }
    if (method === 'GET') return ok(transfer);
    return this.error(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: /v1/transfers/${rest.join('/')}).`,
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
