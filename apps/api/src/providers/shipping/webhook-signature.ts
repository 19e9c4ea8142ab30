import { createHmac, timingSafeEqual } from 'node:crypto';
import { ShippingWebhookError } from './shipping-provider-error';
import type { WebhookRequest } from './shipping-provider';

/** EasyPost's header, and its value's form: `hmac-sha256-hex=<hex digest of the raw body>`. */
export const SIGNATURE_HEADER = 'x-hmac-signature';
const SCHEME = 'hmac-sha256-hex=';

/**
 * EasyPost's signature carries no timestamp, so the event's own `created_at` is what limits a
 * replay. Its documentation gives no retry window; three days covers a weekend-long outage of
 * ours while it keeps resending.
 */
export const DEFAULT_WEBHOOK_TOLERANCE_MS = 3 * 24 * 60 * 60 * 1000;

/** The secret as EasyPost's libraries use it: NFKD-normalised, UTF-8. */
export function signBody(body: string, secret: string): string {
  const digest = createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex');
  return `${SCHEME}${digest}`;
}

export function headerValue(request: WebhookRequest, name: string): string | undefined {
  const entry = Object.entries(request.headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/** Checks the local provider's events, which use EasyPost's scheme with our own secret. */
export function verifySignature(request: WebhookRequest, secret: string): string {
  const body = Buffer.isBuffer(request.rawBody)
    ? request.rawBody.toString('utf8')
    : request.rawBody;
  const sent = headerValue(request, SIGNATURE_HEADER);
  if (!sent) throw new ShippingWebhookError('no X-Hmac-Signature header');
  const expected = Buffer.from(signBody(body, secret), 'utf8');
  const given = Buffer.from(sent, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new ShippingWebhookError('X-Hmac-Signature does not match the webhook secret');
  return body;
}

/** Refuses an event dated too long ago (or implausibly far ahead: a clock is not that wrong). */
export function assertFresh(createdAt: unknown, now: Date, toleranceMs: number): void {
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  if (Number.isNaN(created)) throw new ShippingWebhookError('event has no created_at');
  const age = now.getTime() - created;
  if (age > toleranceMs)
    throw new ShippingWebhookError(`event is stale (${Math.round(age / 1000)} s old)`);
  if (age < -5 * 60 * 1000) throw new ShippingWebhookError('event is dated in the future');
}
