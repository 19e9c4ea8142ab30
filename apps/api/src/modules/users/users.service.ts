import {
  BadRequest,
  CURRENT_PASSWORD_REQUIRED,
  Conflict,
  Forbidden,
  isLocale,
  MAX_ADDRESSES,
  MESSAGES,
  NotFound,
  TOO_MANY_ADDRESSES,
  sameAddress,
  Unauthorized,
  type Address,
  type Locale,
  type UserLocale,
  type UserProfile,
  type UserRole,
} from '@marketplace/shared';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../db/client';
import type { Announcer } from '../../lib/events';
import type { UserRow, UsersRepository } from './users.repository';

/**
 * Who makes a request: a signed-in request knows its account id from the token check (issue 20:
 * no second lookup); a script (the demo seed) knows only the user name.
 */
export type Caller = string | { userName: string; userId: string };

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
  /** Required when the email changes. */
  currentPassword?: string | undefined;
}

export interface EmailChange {
  userId: string;
  userName: string;
  firstName: string;
  previousEmail: string;
  newEmail: string;
  /** The mail's language: the account's saved one, else the request's (null: neither). */
  locale: Locale | null;
}

/** What this module announces; auth mails the previous address a link that undoes the change. */
export type UserEvents = {
  'user.emailChanged': EmailChange;
};

/**
 * The caller's current password, checked before a new email is saved (auth's
 * PasswordConfirmation: it is built before this module, from the hasher and the login throttle).
 */
export interface PasswordCheck {
  /** `address`: the request's, so wrong answers also hold that address's logins. */
  confirm(credentials: Credentials, password: string, address?: string): Promise<void>;
}

/** What auth needs to check a password and sign a token; never leaves the API. */
export interface Credentials {
  userId: string;
  userName: string;
  email: string;
  firstName: string;
  passwordHash: string;
  tokenVersion: number;
  /** The saved language (null: none chosen): mails answering this user are written in it. */
  locale: Locale | null;
}

/** Who owns which store: the stores module's StoreOwners, a read built before this module. */
export interface StoreOwnerLookup {
  storeNameOf(userId: string): Promise<string | null>;
}

export interface UsersDeps {
  storeOwners: StoreOwnerLookup;
  passwords: PasswordCheck;
  events: Announcer<UserEvents>;
}

/**
 * Whether an account is an operator (issue 17): read and written with the database alone, so
 * `npm run operator:grant` builds this instead of the whole service.
 */
export class UserRoles {
  constructor(private readonly repository: UsersRepository) {}

  /** The account's role; undefined when the account does not exist. */
  async roleOf(userName: string): Promise<UserRole | undefined> {
    const role = await this.repository.roleOf(userName);
    return role === undefined ? undefined : (role as UserRole);
  }

  /** Makes an account an operator, or a buyer again (`npm run operator:grant`, the demo seed). */
  async setRole(userName: string, role: UserRole): Promise<void> {
    if (!(await this.repository.setRole(userName, role))) throw new NotFound('Account not found.');
  }
}

export class UsersService {
  private readonly roles: UserRoles;

  constructor(
    private readonly repository: UsersRepository,
    private readonly deps: UsersDeps,
  ) {
    this.roles = new UserRoles(repository);
  }

  /**
   * Who a signed-in user is, for what others see of them (reviews), and since when the account
   * exists (new accounts write fewer reviews a day).
   */
  async publicIdentity(userName: string): Promise<{
    userId: string;
    userName: string;
    firstName: string;
    lastName: string;
    createdAt: Date;
  }> {
    const row = await this.repository.findByUserName(userName);
    if (!row) throw new Unauthorized('Your account no longer exists. Please log in again.');
    return {
      userId: row.id,
      userName: row.userName,
      firstName: row.firstName,
      lastName: row.lastName,
      createdAt: row.createdAt,
    };
  }

  /** Where to write to a user (order mails), and in which language (null: none saved). */
  async contactOf(
    userId: string,
  ): Promise<{ email: string; firstName: string; locale: Locale | null } | undefined> {
    const row = await this.repository.findById(userId);
    return row && { email: row.email, firstName: row.firstName, locale: savedLocale(row) };
  }

  /** contactOf for several accounts at once, by id (an order's buyer and its brands' owners). */
  async contactsOf(
    userIds: string[],
  ): Promise<Map<string, { email: string; firstName: string; locale: Locale | null }>> {
    const rows = await this.repository.contactsOf([...new Set(userIds)]);
    return new Map(
      rows.map((row) => [
        row.id,
        { email: row.email, firstName: row.firstName, locale: savedLocale(row) },
      ]),
    );
  }

  /** Accounts' user names by id (the operator's lists name buyers). */
  userNamesOf(userIds: string[]): Promise<Map<string, string>> {
    return this.repository.userNamesOf([...new Set(userIds)]);
  }

  /** The id of a signed-in user's account (their token names them). */
  async accountId(userName: string): Promise<string> {
    return (await this.publicIdentity(userName)).userId;
  }

  /** The caller's account id: from the token check when signed in, else looked up by name. */
  idOf(caller: Caller): Promise<string> {
    return typeof caller === 'string' ? this.accountId(caller) : Promise.resolve(caller.userId);
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

  async findCredentialsById(userId: string): Promise<Credentials | undefined> {
    const row = await this.repository.findById(userId);
    return row && toCredentials(row);
  }

  /** The caller's own credentials (403 for another account), to change their password. */
  async ownCredentials(callerUserName: string, userName: string): Promise<Credentials> {
    return toCredentials(await this.ownAccount(callerUserName, userName));
  }

  /** Sets a new password and ends every session; returns the token version new tokens carry. */
  async setPasswordHash(userId: string, passwordHash: string): Promise<number> {
    const version = await this.repository.setPasswordHash(userId, passwordHash);
    if (version === undefined) throw new NotFound('Account not found.');
    return version;
  }

  /** Undoes an email change (the previous address asked) and ends every session. */
  async restoreEmail(userId: string, email: string): Promise<void> {
    await this.assertAvailable({ email }, userId);
    try {
      await this.repository.restoreEmail(userId, email);
    } catch (error) {
      throw conflictFromUniqueViolation(error) ?? error;
    }
  }

  /** The version a token must carry to be valid; undefined when the account is gone. */
  /**
   * The account's current token version and its id (undefined when it no longer exists): the
   * token check, and who the caller is, in one lookup.
   */
  sessionOf(userName: string): Promise<{ tokenVersion: number; userId: string } | undefined> {
    return this.repository.sessionOf(userName);
  }

  /** The account's role (issue 17); undefined when the account does not exist. */
  roleOf(userName: string): Promise<UserRole | undefined> {
    return this.roles.roleOf(userName);
  }

  /** Makes an account an operator, or a buyer again (the demo seed, tests). */
  setRole(userName: string, role: UserRole): Promise<void> {
    return this.roles.setRole(userName, role);
  }

  async getProfile(callerUserName: string, userName: string): Promise<UserProfile> {
    const row = await this.ownAccount(callerUserName, userName);
    const [addresses, storeName] = await Promise.all([
      this.repository.addressesOf(row.id),
      this.deps.storeOwners.storeNameOf(row.id),
    ]);
    return toProfile(row, addresses, storeName);
  }

  /**
   * A new email needs the current password: with a stolen token alone, changing the email and
   * then asking for a password reset would take the account. The previous address is told, with
   * a link that undoes the change.
   */
  async updateProfile(
    callerUserName: string,
    userName: string,
    { currentPassword, ...update }: ProfileUpdate,
    /** The request's language: the mail to the previous address when the account saved none. */
    requestLocale?: Locale,
    /** The request's network address (the login throttle counts a wrong password from it). */
    address?: string,
  ): Promise<UserProfile> {
    const row = await this.ownAccount(callerUserName, userName);
    const emailChanges = row.email.toLowerCase() !== update.email.toLowerCase();
    if (emailChanges) {
      if (!currentPassword) {
        throw new BadRequest(CURRENT_PASSWORD_REQUIRED, {
          currentPassword: CURRENT_PASSWORD_REQUIRED,
        });
      }
      await this.deps.passwords.confirm(toCredentials(row), currentPassword, address);
    }
    await this.assertAvailable({ email: update.email }, row.id);
    const fields = { firstName: update.firstName, lastName: update.lastName, email: update.email };
    try {
      await this.repository.updateProfile(row.id, fields, update.addresses);
    } catch (error) {
      throw conflictFromUniqueViolation(error) ?? error;
    }
    if (emailChanges) {
      await this.deps.events.announce('user.emailChanged', {
        userId: row.id,
        userName: row.userName,
        firstName: update.firstName,
        previousEmail: row.email,
        newEmail: update.email,
        locale: savedLocale(row) ?? requestLocale ?? null,
      });
    }
    return toProfile(
      { ...row, ...fields },
      update.addresses,
      await this.deps.storeOwners.storeNameOf(row.id),
    );
  }

  /**
   * "Save this address" at checkout (issue 39.10): the address becomes the default, first in the
   * list, so the next checkout fills it in; one already saved moves there instead of repeating.
   */
  async saveDefaultAddress(
    callerUserName: string,
    userName: string,
    address: Address,
  ): Promise<Address[]> {
    const row = await this.ownAccount(callerUserName, userName);
    const saved = await this.repository.addressesOf(row.id);
    const others = saved.filter((one) => !sameAddress(one, address));
    if (others.length >= MAX_ADDRESSES) throw new Conflict(TOO_MANY_ADDRESSES);
    const list = [
      { ...address, defaultAddress: true },
      ...others.map((one) => ({ ...one, defaultAddress: false })),
    ];
    await this.repository.replaceAddresses(row.id, list);
    return list;
  }

  /** The language a user chose with the switch (issue 19), kept for their next visits. */
  async setLocale(callerUserName: string, userName: string, locale: Locale): Promise<UserLocale> {
    const row = await this.ownAccount(callerUserName, userName);
    if (!(await this.repository.setLocale(row.id, locale)))
      throw new NotFound('Account not found.');
    return { locale };
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
    locale: savedLocale(row),
  };
}

function savedLocale(row: { locale?: string | null }): Locale | null {
  return isLocale(row.locale) ? row.locale : null;
}

function toProfile(
  row: Pick<UserRow, 'userName' | 'firstName' | 'lastName' | 'email' | 'role'> &
    Partial<Pick<UserRow, 'locale'>>,
  addresses: Address[],
  storeName: string | null,
): UserProfile {
  return {
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    storeName,
    role: row.role as UserRole,
    locale: savedLocale(row),
    addresses,
  };
}
