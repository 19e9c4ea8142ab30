import { AppError, SHIPPING_PROVIDER_MESSAGES } from '@marketplace/shared';

/**
 * A shipping provider call failed. `statusCode` is what the API answers if nothing handles it:
 * 502 when the provider answered with an error (an address it cannot rate, a rate already
 * bought, an outage it reported), 504 when it did not answer at all. The message is safe to
 * show; `detail` names the operation and the provider's own words for the log.
 */
export class ShippingProviderError extends AppError {
  constructor(
    readonly reason: 'refused' | 'unreachable',
    readonly detail: string,
    options: { cause?: unknown; code?: string; providerStatus?: number } = {},
  ) {
    super(reason === 'refused' ? 502 : 504, SHIPPING_PROVIDER_MESSAGES[reason]);
    if (options.cause !== undefined) this.cause = options.cause;
    this.code = options.code;
    this.providerStatus = options.providerStatus;
  }

  /** The provider's error code when it gave one (EasyPost's `ADDRESS.VERIFY.FAILURE`, …). */
  readonly code: string | undefined;
  /** The provider's HTTP status when it answered. */
  readonly providerStatus: number | undefined;
}

/**
 * A tracking webhook was refused: its signature does not match the secret, or it is older than
 * the tolerance. 400, so the sender sees a failure; `detail` says which for the log.
 */
export class ShippingWebhookError extends AppError {
  constructor(readonly detail: string) {
    super(400, SHIPPING_PROVIDER_MESSAGES.webhookRefused);
  }
}
