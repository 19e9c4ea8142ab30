import { MESSAGES, ServiceUnavailable } from '@marketplace/shared';
import type { Counters } from '../../providers/shared-state/counters';

export interface LoginThrottleLimits {
  /** Failed attempts allowed for one user name (or email) within the window. */
  perAccount: number;
  /** Failed attempts allowed from one network address within the window. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  perAccount: 5,
  perAddress: 20,
  windowMs: 15 * 60 * 1000,
};

/**
 * Counts failed logins per account and per address in a fixed window. Once either count is
 * spent, every login for it is refused until the window passes, even with the right password,
 * so guessing cannot be confirmed by a success. The counts live in `counters`: Redis when the
 * API runs as several processes, so a guesser gains nothing by spreading attempts over them.
 * When the counts cannot be read or written, logins answer 503 rather than go unthrottled.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /** Seconds until a login for this account from this address is allowed again; 0 when allowed. */
  async retryAfterSeconds(account: string, address: string): Promise<number> {
    const waits = await unavailableOnFailure(
      Promise.all([
        this.wait(accountKey(account), this.limits.perAccount),
        this.wait(addressKey(address), this.limits.perAddress),
      ]),
    );
    return Math.max(...waits);
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await unavailableOnFailure(
      Promise.all([
        this.counters.increment(accountKey(account), this.limits.windowMs),
        this.counters.increment(addressKey(address), this.limits.windowMs),
      ]),
    );
  }

  recordSuccess(account: string): Promise<void> {
    return unavailableOnFailure(this.counters.remove(accountKey(account)));
  }

  private async wait(key: string, limit: number): Promise<number> {
    const window = await this.counters.read(key);
    return window && window.count >= limit ? Math.ceil(window.resetInMs / 1000) : 0;
  }
}

async function unavailableOnFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ServiceUnavailable(MESSAGES.serviceUnavailable, { cause: error });
  }
}

const accountKey = (account: string) => `login-failures:account:${account.toLowerCase()}`;
const addressKey = (address: string) => `login-failures:address:${address}`;
