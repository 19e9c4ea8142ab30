import {
  Conflict,
  Forbidden,
  MESSAGES,
  NotFound,
  Unauthorized,
  type Address,
  type UserProfile,
} from '@marketplace/shared';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import type { UserRow, UsersRepository } from './users.repository';

export interface NewUser {
  userName: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  addresses: Address[];
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  email: string;
  addresses: Address[];
}

/** What auth needs to check a password and sign a token; never leaves the API. */
export interface Credentials {
  userId: string;
  userName: string;
  email: string;
  firstName: string;
  passwordHash: string;
  tokenVersion: number;
}

/** Who owns which store; the stores module answers, attached by the app. */
export type StoreNameLookup = (userId: string) => Promise<string | null>;

export class UsersService {
  private storeNameOf: StoreNameLookup = async () => null;

  constructor(private readonly repository: UsersRepository) {}

  attachStoreNames(lookup: StoreNameLookup): void {
    this.storeNameOf = lookup;
  }

  /** Who a signed-in user is, for what others see of them (reviews). */
  async publicIdentity(
    userName: string,
  ): Promise<{ userId: string; userName: string; firstName: string; lastName: string }> {
    const row = await this.repository.findByUserName(userName);
    if (!row) throw new Unauthorized('Your account no longer exists. Please log in again.');
    return {
      userId: row.id,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
    };
  }

  /** Where to write to a user (order mails). */
  async contactOf(userId: string): Promise<{ email: string; firstName: string } | undefined> {
    const row = await this.repository.findById(userId);
    return row && { email: row.email, firstName: row.firstName };
  }

  /** The id of a signed-in user's account (their token names them). */
  async accountId(userName: string): Promise<string> {
    return (await this.publicIdentity(userName)).userId;
  }

  async createUser(user: NewUser): Promise<UserProfile> {
    await this.assertAvailable({ userName: user.userName, email: user.email });
    try {
      const row = await this.repository.create(user, user.addresses);
      return toProfile(row, user.addresses, null);
    } catch (error) {
      // Two sign-ups for the same name can pass the check together; the unique index decides.
      throw conflictFromUniqueViolation(error) ?? error;
    }
  }

  async findCredentials(login: string): Promise<Credentials | undefined> {
    const row = await this.repository.findByLogin(login);
    return row && toCredentials(row);
  }

  async findCredentialsByEmail(email: string): Promise<Credentials | undefined> {
    const row = await this.repository.findByEmail(email);
    return row && toCredentials(row);
  }

  setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    return this.repository.setPasswordHash(userId, passwordHash);
  }

  /** The version a token must carry to be valid; undefined when the account is gone. */
  tokenVersionOf(userName: string): Promise<number | undefined> {
    return this.repository.tokenVersionOf(userName);
  }

  async getProfile(callerUserName: string, userName: string): Promise<UserProfile> {
    const row = await this.ownAccount(callerUserName, userName);
    const [addresses, storeName] = await Promise.all([
      this.repository.addressesOf(row.id),
      this.storeNameOf(row.id),
    ]);
    return toProfile(row, addresses, storeName);
  }

  async updateProfile(
    callerUserName: string,
    userName: string,
    update: ProfileUpdate,
  ): Promise<UserProfile> {
    const row = await this.ownAccount(callerUserName, userName);
    await this.assertAvailable({ email: update.email }, row.id);
    try {
      await this.repository.updateProfile(row.id, update, update.addresses);
    } catch (error) {
      throw conflictFromUniqueViolation(error) ?? error;
    }
    return toProfile({ ...row, ...update }, update.addresses, await this.storeNameOf(row.id));
  }

  countUsers(): Promise<number> {
    return this.repository.count();
  }

  /** A user reads and changes only their own account. */
  private async ownAccount(callerUserName: string, userName: string): Promise<UserRow> {
    if (callerUserName.toLowerCase() !== userName.toLowerCase()) {
      throw new Forbidden('You can only view and change your own account.');
    }
    const row = await this.repository.findByUserName(userName);
    if (!row) throw new NotFound('Account not found.');
    return row;
  }

  private async assertAvailable(
    fields: { userName?: string; email: string },
    exceptUserId?: string,
  ) {
    const taken = await this.repository.findTaken(fields, exceptUserId);
    const fieldErrors: Record<string, string> = {};
    if (taken.userName) fieldErrors.userName = MESSAGES.userNameTaken;
    if (taken.email) fieldErrors.email = MESSAGES.emailTaken;
    const first = Object.values(fieldErrors)[0];
    if (first) throw new Conflict(first, fieldErrors);
  }
}

function conflictFromUniqueViolation(error: unknown): Conflict | undefined {
  const { code, constraint } = databaseErrorOf(error);
  if (code !== UNIQUE_VIOLATION) return undefined;
  return constraint?.includes('email')
    ? new Conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken })
    : new Conflict(MESSAGES.userNameTaken, { userName: MESSAGES.userNameTaken });
}

function toCredentials(row: UserRow): Credentials {
  return {
    userId: row.id,
    userName: row.userName,
    email: row.email,
    firstName: row.firstName,
    passwordHash: row.passwordHash,
    tokenVersion: row.tokenVersion,
  };
}

function toProfile(
  row: Pick<UserRow, 'userName' | 'firstName' | 'lastName' | 'email'>,
  addresses: Address[],
  storeName: string | null,
): UserProfile {
  return {
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    storeName,
    addresses,
  };
}
