import { ApiError, TokenExpiredError } from '../../../lib/api-client';

/** A payment the provider's own script refused; its message is meant for the shopper, when it has one. */
export class PaymentProviderError extends Error {
  constructor(readonly providerMessage: string | undefined) {
    super(providerMessage ?? 'The payment provider refused the payment.');
    this.name = 'PaymentProviderError';
  }
}

/** Spec 8: the server's (or payment provider's) own message when it sent one, else the fallback. */
export function checkoutErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage && error.status < 500)
    return error.serverMessage;
  if (error instanceof PaymentProviderError && error.providerMessage) return error.providerMessage;
  if (error instanceof TokenExpiredError) return error.message;
  return fallback;
}
