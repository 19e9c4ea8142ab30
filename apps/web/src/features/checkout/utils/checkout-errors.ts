import { CHECKOUT_MESSAGES } from '@marketplace/shared';
import { ApiError, TokenExpiredError } from '../../../lib/api-client';

/** A payment the provider's own script refused; its message is meant for the shopper, when it has one. */
export class PaymentProviderError extends Error {
  constructor(readonly providerMessage: string | undefined) {
    super(providerMessage ?? 'The payment provider refused the payment.');
    this.name = 'PaymentProviderError';
  }
}

/**
 * Saving the address at PLACE ORDER changed the total (its tax or shipping): nothing is charged
 * until the shopper has seen the amount the payment will take.
 */
export class TotalChangedError extends Error {
  constructor() {
    super(CHECKOUT_MESSAGES.totalChanged);
    this.name = 'TotalChangedError';
  }
}

/** Spec 8: the server's (or payment provider's) own message when it sent one, else the fallback. */
export function checkoutErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500)
    return error.serverMessage;
  if (error instanceof PaymentProviderError && error.providerMessage) return error.providerMessage;
  if (error instanceof TokenExpiredError || error instanceof TotalChangedError)
    return error.message;
  return fallback;
}
