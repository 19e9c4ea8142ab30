import { AppError, TAX_PROVIDER_MESSAGES } from '@marketplace/shared';

/**
 * A sales-tax provider call failed. `statusCode` is what the API answers if nothing handles it:
 * 502 when the provider answered with an error (refused: a missing or expired calculation, a
 * reference already used, a reversal beyond the original, an outage it reported), 504 when it did
 * not answer at all (network down, timed out). The message is safe to show; `detail` names the
 * operation and the provider's own words for the log.
 */
export class TaxProviderError extends AppError {
  constructor(
    readonly reason: 'refused' | 'unreachable',
    readonly detail: string,
    options: { cause?: unknown; code?: string; providerStatus?: number } = {},
  ) {
    super(reason === 'refused' ? 502 : 504, TAX_PROVIDER_MESSAGES[reason]);
    if (options.cause !== undefined) this.cause = options.cause;
    this.code = options.code;
    this.providerStatus = options.providerStatus;
  }

  /** The provider's error code when it gave one (Stripe's `resource_missing`, …). */
  readonly code: string | undefined;
  /** The provider's HTTP status when it answered. */
  readonly providerStatus: number | undefined;
}
