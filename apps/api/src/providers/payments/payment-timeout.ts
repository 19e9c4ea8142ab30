/**
 * How long the API waits for the payment provider before answering the buyer without it.
 * Stripe's client gives up on one attempt after 10 s and retries; a buyer should not wait for all of that.
 */
export const DEFAULT_PAYMENT_TIMEOUT_MS = 15_000;

/**
 * Waits for a provider call at most `ms`, then throws `onTimeout()`. The call itself goes on (a
 * request already sent cannot be taken back): what it did is learned later by asking the
 * provider again (OrdersService.reconcile, StoreOrdersService.reconcile).
 */
export function withTimeout<T>(call: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}
