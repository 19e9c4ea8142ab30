import { hash, verify, type Algorithm } from '@node-rs/argon2';

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

// The package's Algorithm is a const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  // Verifying against this when no account matches makes both answers take the same time.
  private readonly decoy: Promise<string>;

  constructor(private readonly cost: Argon2Cost = PRODUCTION_ARGON2_COST) {
    this.decoy = this.hash('decoy password that matches no account');
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, ...this.cost });
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash ?? (await this.decoy), password);
    } catch {
      return false;
    }
  }
}
