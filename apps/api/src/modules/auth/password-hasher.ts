import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { MESSAGES, ServiceUnavailable } from '@marketplace/shared';

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id at OWASP's first recommendation's scale: 64 MiB, 3 passes, 4 lanes. */
export const PRODUCTION_ARGON2_COST: Argon2Cost = {
  memoryCost: 65536,
  timeCost: 3,
  parallelism: 4,
};

export interface HashingLimits {
  /** Hashes computed at once. */
  concurrency: number;
  /** Hashes that may wait for a turn; past that, 503 with Retry-After. */
  maxWaiting: number;
}

/**
 * Up to two hashes a core keep the cores busy while the event loop still gets its turns. They
 * run on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise): more at once
 * would only queue there, out of sight, and one thread is left for file reads and DNS lookups.
 * A queue of four rounds is a second or two of waiting at production cost on two cores
 * (measured); beyond that a client is better told when to come back than kept waiting.
 */
export function defaultHashingLimits(): HashingLimits {
  const threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const concurrency = Math.max(1, Math.min(2 * availableParallelism(), threadPool - 1));
  return { concurrency, maxWaiting: 4 * concurrency };
}

// The package's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id hashing and verification, a bounded number at a time. Each hash costs ~200 ms of a
 * core and 64 MiB: forty sign-ins at once once made every other request wait seconds. Work past
 * `concurrency` waits its turn in a bounded queue; past `maxWaiting` it is refused at once
 * (ServiceUnavailable, 503 with Retry-After) instead of growing the wait for everyone.
 */
export class PasswordHasher {
  // Verifying against this when no account matches makes both answers take the same time.
  private readonly decoy: Promise<string>;
  private readonly limits: HashingLimits;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Recent time a hash took, for Retry-After (an estimate until the first one is done). */
  private averageMs = 250;

  constructor(
    private readonly cost: Argon2Cost = PRODUCTION_ARGON2_COST,
    limits: Partial<HashingLimits> = {},
  ) {
    this.limits = { ...defaultHashingLimits(), ...limits };
    this.decoy = this.hash('decoy password that matches no account');
  }

  hash(password: string): Promise<string> {
    return this.inTurn(() => hash(password, { algorithm: ARGON2ID, ...this.cost }));
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    const against = passwordHash ?? (await this.decoy);
    // A full queue is the server's problem, not a wrong password: it is thrown, never false.
    return this.inTurn(async () => {
      try {
        return await verify(against, password);
      } catch {
        return false;
      }
    });
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else if (this.waiting.length < this.limits.maxWaiting) {
      // The finishing hash hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      throw new ServiceUnavailable(MESSAGES.serverBusy, {
        retryAfterSeconds: this.secondsUntilFree(),
      });
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How long the hashes already queued should take, in whole seconds (at least one). */
  private secondsUntilFree(): number {
    const rounds = (this.running + this.waiting.length) / this.limits.concurrency;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }
}
