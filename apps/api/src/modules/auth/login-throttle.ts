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
 * so guessing cannot be confirmed by a success. In memory: one process (shared storage comes
 * with scale-out).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until a login for this account from this address is allowed again; 0 when allowed. */
  retryAfterSeconds(account: string, address: string): number {
    const waits = [
      this.wait(`account:${account.toLowerCase()}`, this.limits.perAccount),
      this.wait(`address:${address}`, this.limits.perAddress),
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, address: string): void {
    this.bump(`account:${account.toLowerCase()}`);
    this.bump(`address:${address}`);
  }

  recordSuccess(account: string): void {
    this.failures.delete(`account:${account.toLowerCase()}`);
  }

  private wait(key: string, limit: number): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const remaining = entry.resetAt - this.now();
    if (remaining <= 0) {
      this.failures.delete(key);
      return 0;
    }
    return entry.count >= limit ? Math.ceil(remaining / 1000) : 0;
  }

  private bump(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + this.limits.windowMs });
    } else {
      entry.count += 1;
    }
  }
}
