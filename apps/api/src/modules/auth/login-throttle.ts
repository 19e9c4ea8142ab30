import { MESSAGES, ServiceUnavailable } from '@marketplace/shared';
import type { Counters } from '../../providers/shared-state/counters';

export interface LoginThrottleLimits {
  /** Failures of one account (or one unknown login) answered without delay. */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with each further one, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** How long an account's failures are remembered (counted from the first). */
  failureWindowMs: number;
  /** Failures naming no account that one network address may make within addressWindowMs. */
  perAddress: number;
  addressWindowMs: number;
  /** Failures a known device may make within failureWindowMs before it is treated as unknown. */
  perDevice: number;
  /** Successful logins of one account per minute: each costs an argon2 hash. */
  successesPerMinute: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginThrottleLimits = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60 * 1000,
  failureWindowMs: 24 * 60 * 60 * 1000,
  perAddress: 20,
  addressWindowMs: 15 * 60 * 1000,
  perDevice: 10,
  successesPerMinute: 10,
};

const MINUTE = 60 * 1000;

/** Who a login attempt is for. */
export interface LoginAttempt {
  /** The account's id; for a login naming no account, the typed name or email. */
  subject: { accountId: string } | { unknownLogin: string };
  /** The network address; undefined for a signed-in user confirming their password. */
  address?: string | undefined;
  /** The device id of a valid device token for this account. */
  deviceId?: string | undefined;
}

/**
 * Slows password guessing without letting a stranger lock the owner out (docs/architecture.md,
 * "Login throttling"). Failures are counted per account, whether the login named it by user name
 * or email (a login naming no account counts under the typed string, so both answer alike); after
 * `freeFailures`, each attempt must wait a delay that doubles per further failure. The wait holds
 * the addresses that failed on the account (and a signed-in user confirming their password):
 * while it runs even the right password is refused there, so a guess cannot be confirmed by a
 * success. An address that never failed on the account is not held by it, so a stranger's
 * guesses cannot keep the owner out of a new browser (issue 38); each guessing address gets one
 * failure before the wait holds it too. A login from a device that logged in to the account
 * before skips the wait, within its own small budget. One address naming many unknown accounts
 * must wait before naming more, and a wrong password it sends then is answered as a wait too.
 *
 * The counts live in `counters`: Redis when the API runs as several processes, so a guesser gains
 * nothing by spreading attempts over them. While Redis is away each process counts on its own
 * (SharedOrLocalCounters), so logins keep working and stay throttled; should the counters
 * themselves fail, logins answer 503 rather than go unthrottled.
 */
export class LoginThrottle {
  private readonly limits: LoginThrottleLimits;

  constructor(
    private readonly counters: Counters,
    limits: Partial<LoginThrottleLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LOGIN_LIMITS, ...limits };
  }

  /** Seconds until this attempt may be checked; 0 when it may be now. */
  async retryAfterSeconds(attempt: LoginAttempt): Promise<number> {
    return unavailableOnFailure(this.waitMs(attempt).then((ms) => Math.ceil(ms / 1000)));
  }

  /**
   * After a failure: seconds the address's budget for unknown accounts still holds it (0: none).
   * A wrong password of a known account from such an address answers 429 like an unknown name
   * would, so the address learns nothing of which names exist.
   */
  async addressHoldSeconds(address: string | undefined): Promise<number> {
    if (address === undefined) return 0;
    const spent = await unavailableOnFailure(this.counters.read(addressKey(address)));
    return spent && spent.count >= this.limits.perAddress ? Math.ceil(spent.resetInMs / 1000) : 0;
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const { counters, limits } = this;
    const subject = subjectKey(attempt.subject);
    await unavailableOnFailure(
      (async () => {
        const failures = await counters.increment(`${subject}:failures`, limits.failureWindowMs);
        const beyond = failures.count - limits.freeFailures;
        if (beyond >= 0) {
          const delay = Math.min(
            limits.maxDelayMs,
            limits.firstDelayMs * 2 ** Math.min(beyond, 30),
          );
          await counters.hold(`${subject}:wait`, delay);
        }
        if (attempt.address !== undefined) {
          await counters.increment(sourceKey(subject, attempt.address), limits.failureWindowMs);
        }
        if (attempt.deviceId) {
          await counters.increment(deviceKey(attempt.deviceId), limits.failureWindowMs);
        }
        // Only failures naming no account count against the address: a shared office or campus
        // network mistyping its own passwords must not block itself.
        if ('unknownLogin' in attempt.subject && attempt.address !== undefined) {
          await counters.increment(addressKey(attempt.address), limits.addressWindowMs);
        }
      })(),
    );
  }

  /**
   * A success clears the account's failures, unless it got past a running wait (through a known
   * device, or from an address the wait does not hold): the owner signing in says nothing of who
   * else is guessing, so the guessers' wait goes on (and the addresses it holds stay held). Either
   * way the device proved the password, so its own budget starts again.
   */
  async recordSuccess(attempt: LoginAttempt & { trustedDevice: boolean }): Promise<void> {
    const subject = subjectKey(attempt.subject);
    await unavailableOnFailure(
      (async () => {
        const waiting = attempt.trustedDevice || (await this.counters.read(`${subject}:wait`));
        await Promise.all([
          this.counters.increment(`${subject}:successes`, MINUTE),
          ...(attempt.deviceId ? [this.counters.remove(deviceKey(attempt.deviceId))] : []),
          ...(waiting
            ? []
            : [
                this.counters.remove(`${subject}:failures`),
                this.counters.remove(`${subject}:wait`),
                ...(attempt.address !== undefined
                  ? [this.counters.remove(sourceKey(subject, attempt.address))]
                  : []),
              ]),
        ]);
      })(),
    );
  }

  /** Whether the attempt's device token still lets it skip the account's delay. */
  async trustsDevice(deviceId: string | undefined): Promise<boolean> {
    if (!deviceId) return false;
    const failures = await unavailableOnFailure(this.counters.read(deviceKey(deviceId)));
    return (failures?.count ?? 0) < this.limits.perDevice;
  }

  private async waitMs(attempt: LoginAttempt): Promise<number> {
    const subject = subjectKey(attempt.subject);
    const trusted = await this.trustsDevice(attempt.deviceId);
    const { address } = attempt;
    const [successes, wait, source, spent] = await Promise.all([
      this.counters.read(`${subject}:successes`),
      trusted ? undefined : this.counters.read(`${subject}:wait`),
      // The account's wait holds only where someone failed on it (no address: a signed-in user).
      trusted || address === undefined
        ? undefined
        : this.counters.read(sourceKey(subject, address)),
      // The address's budget holds the logins naming no account: a known account's owner on the
      // same network is not kept out by a stranger's spraying (issue 38).
      trusted || address === undefined || !('unknownLogin' in attempt.subject)
        ? undefined
        : this.counters.read(addressKey(address)),
    ]);
    const held = address === undefined || (source?.count ?? 0) > 0;
    return Math.max(
      successes && successes.count >= this.limits.successesPerMinute ? successes.resetInMs : 0,
      held ? (wait?.resetInMs ?? 0) : 0,
      spent && spent.count >= this.limits.perAddress ? spent.resetInMs : 0,
    );
  }
}

async function unavailableOnFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ServiceUnavailable(MESSAGES.serviceUnavailable, { cause: error });
  }
}

const subjectKey = (subject: LoginAttempt['subject']) =>
  'accountId' in subject
    ? `login:account:${subject.accountId}`
    : `login:unknown:${subject.unknownLogin.toLowerCase()}`;
const deviceKey = (deviceId: string) => `login:device:${deviceId}`;
const addressKey = (address: string) => `login:address:${address}`;
/** An address's failures on one account (or unknown login): the account's wait holds it. */
const sourceKey = (subject: string, address: string) => `${subject}:from:${address}`;
