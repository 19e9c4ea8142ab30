import { createHash, randomBytes } from 'node:crypto';
import {
  BadRequest,
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_CHANGE_LINK_INVALID,
  EMAIL_CHANGE_REVERTED,
  EMAIL_MESSAGES,
  FORGOT_PASSWORD_SENT,
  MESSAGES,
  RESET_LINK_INVALID,
  TooManyRequests,
  Unauthorized,
  type ChangePasswordInput,
  type ChangePasswordResponse,
  type Locale,
  type LoginInput,
  type LoginResponse,
  type RevertEmailResponse,
  type UserProfile,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type { Listener } from '../../lib/events';
import type {
  Credentials,
  EmailChange,
  PasswordCheck,
  UserEvents,
  UsersService,
} from '../users/users.service';
import type { AuthRepository } from './auth.repository';
import type { DeviceTokens } from './device-token';
import type { LoginAttempt, LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';
import type { TokenService } from './token.service';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How long the previous address can undo an email change. */
export const EMAIL_REVERT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface LoginContext {
  /** The client's network address. */
  address: string;
  /** The device cookie the browser sent, if any. */
  deviceToken?: string | undefined;
}

export interface LoginResult {
  response: LoginResponse;
  /** A device token to set as the device cookie, when the browser has no valid one yet. */
  deviceToken?: string;
}

export interface Registration {
  password: string;
  userDto: {
    firstName: string;
    lastName: string;
    userName: string;
    email: string;
    addresses: UserProfile['addresses'];
  };
}

/**
 * A signed-in user proving they know the password (email or password change). Wrong answers
 * count as failed logins of the account, so a stolen session cannot guess faster than a login.
 * Built before the users module, which asks it when an email changes.
 */
export class PasswordConfirmation implements PasswordCheck {
  constructor(private readonly deps: { hasher: PasswordHasher; throttle: LoginThrottle }) {}

  async confirm(
    credentials: Credentials,
    password: string,
    /** The request's address: a wrong answer makes the account's wait hold its logins too. */
    address?: string,
  ): Promise<void> {
    // Always held by the account's wait: a signed-in session is no new browser.
    const attempt: LoginAttempt = { subject: { accountId: credentials.userId } };
    await refuseWhileThrottled(this.deps.throttle, attempt);
    if (!(await this.deps.hasher.verify(credentials.passwordHash, password))) {
      await this.deps.throttle.recordFailure({ ...attempt, address });
      throw new BadRequest(CURRENT_PASSWORD_INCORRECT, {
        currentPassword: CURRENT_PASSWORD_INCORRECT,
      });
    }
  }
}

export class AuthService {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      users: UsersService;
      userEvents: Listener<UserEvents>;
      repository: AuthRepository;
      hasher: PasswordHasher;
      passwords: PasswordConfirmation;
      tokens: TokenService;
      throttle: LoginThrottle;
      devices: DeviceTokens;
      mailer: Mailer;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {
    deps.userEvents.on('user.emailChanged', (change) => this.emailChanged(change));
  }

  async register({ password, userDto }: Registration): Promise<UserProfile> {
    assertAcceptablePassword(password, userDto, 'password');
    const passwordHash = await this.deps.hasher.hash(password);
    return this.deps.users.createUser({ ...userDto, passwordHash });
  }

  /**
   * The login is resolved to its account first, so the user name and the email count as one
   * account in the throttle; a login naming no account counts under what was typed.
   */
  async login(
    { userName: login, password }: LoginInput,
    context: LoginContext,
  ): Promise<LoginResult> {
    const { throttle, users, hasher, tokens, devices } = this.deps;
    const credentials = await users.findCredentials(login);
    const device = credentials && devices.verify(context.deviceToken, credentials.userId);
    const attempt: LoginAttempt = {
      subject: credentials ? { accountId: credentials.userId } : { unknownLogin: login },
      address: context.address,
      deviceId: device?.deviceId,
    };
    await refuseWhileThrottled(this.deps.throttle, attempt);
    const trustedDevice = await throttle.trustsDevice(attempt.deviceId);
    const valid = await hasher.verify(credentials?.passwordHash, password);
    if (!credentials || !valid) {
      await throttle.recordFailure(attempt);
      // A known account's wrong password, from an address spent on unknown names, answers as
      // an unknown name there does: the address learns nothing of which names exist.
      // (A login naming no account there was refused before its check.)
      const held = credentials ? await throttle.addressHoldSeconds(context.address) : 0;
      if (held > 0) throw tooManyAttempts(held);
      throw new Unauthorized(MESSAGES.incorrectCredentials);
    }
    await throttle.recordSuccess({ ...attempt, trustedDevice });
    return {
      response: { accessToken: await tokens.issue(credentials.userName, credentials.tokenVersion) },
      ...(device ? {} : { deviceToken: devices.issue(credentials.userId) }),
    };
  }

  /**
   * Ends every other session (the token version rises); the caller's answer carries a fresh
   * token so their own session goes on.
   */
  async changePassword(
    callerUserName: string,
    userName: string,
    { currentPassword, newPassword }: ChangePasswordInput,
    address?: string,
  ): Promise<ChangePasswordResponse> {
    const { users, hasher, tokens } = this.deps;
    const credentials = await users.ownCredentials(callerUserName, userName);
    assertAcceptablePassword(newPassword, credentials, 'newPassword');
    await this.deps.passwords.confirm(credentials, currentPassword, address);
    const version = await users.setPasswordHash(credentials.userId, await hasher.hash(newPassword));
    await this.passwordSet(credentials.userId, new Date());
    return { accessToken: await tokens.issue(credentials.userName, version) };
  }

  /** Mails the previous address a link that puts it back, for 7 days. */
  private async emailChanged(change: EmailChange): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.deps.repository.saveEmailChangeToken(
      hashToken(token),
      { userId: change.userId, previousEmail: change.previousEmail, newEmail: change.newEmail },
      new Date(Date.now() + EMAIL_REVERT_TTL_MS),
    );
    const { t, link } = mailLanguage(change.locale);
    await this.deps.mailer.send({
      to: change.previousEmail,
      subject: t(EMAIL_MESSAGES.emailChangedSubject),
      text: t(EMAIL_MESSAGES.emailChangedBody, {
        firstName: change.firstName,
        userName: change.userName,
        newEmail: change.newEmail,
        link: link(this.deps.publicUrl, `/revert-email?token=${token}`),
      }),
    });
  }

  /**
   * The previous address undoes an email change: the email goes back, every session ends and
   * pending reset links (perhaps sent to the new address) stop working. The answer carries no
   * reset token: whoever opened the link may hold an old mailbox the owner left, so the reset
   * link goes where any reset goes, by mail to the restored address (issue 38). The link dies
   * once the owner sets a new password (changePassword, resetPassword).
   */
  async revertEmail(token: string, requestLocale?: Locale): Promise<RevertEmailResponse> {
    const { repository, users } = this.deps;
    const now = new Date();
    const tokenHash = hashToken(token);
    const change = await repository.findEmailChangeToken(tokenHash, now);
    if (!change) {
      throw new BadRequest(EMAIL_CHANGE_LINK_INVALID, { token: EMAIL_CHANGE_LINK_INVALID });
    }
    await users.restoreEmail(change.userId, change.previousEmail);
    await repository.useEmailChangeTokens(tokenHash, change, now);
    await repository.revokeResetTokens(change.userId, now);
    try {
      await this.sendResetLink(change.previousEmail, requestLocale);
    } catch (error) {
      // The address is back either way; "Forgot password" mails another link.
      this.deps.log.error({ err: error }, 'password reset mail after an email revert failed');
    }
    return { message: EMAIL_CHANGE_REVERTED, email: change.previousEmail };
  }

  /**
   * Always the same answer, given before the account is even looked up: the link is made and
   * mailed afterwards, so neither the message nor the time taken tells which emails have accounts.
   */
  async forgotPassword(email: string, requestLocale?: Locale): Promise<{ message: string }> {
    const work = this.sendResetLink(email, requestLocale)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset mail failed'))
      .finally(() => this.background.delete(work));
    this.background.add(work);
    return { message: FORGOT_PASSWORD_SENT };
  }

  /** Resolves once the work started after earlier answers (reset mails) is done. */
  async settled(): Promise<void> {
    await Promise.all(this.background);
  }

  private async sendResetLink(email: string, requestLocale?: Locale): Promise<void> {
    const credentials = await this.deps.users.findCredentialsByEmail(email);
    if (!credentials) return;
    const token = randomBytes(32).toString('base64url');
    await this.deps.repository.saveResetToken(
      credentials.userId,
      hashToken(token),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    // The saved language first; without one, the language the reset was asked in.
    const { t, link } = mailLanguage(credentials.locale, requestLocale);
    await this.deps.mailer.send({
      to: credentials.email,
      subject: t(EMAIL_MESSAGES.resetSubject),
      text: t(EMAIL_MESSAGES.resetBody, {
        firstName: credentials.firstName,
        userName: credentials.userName,
        link: link(this.deps.publicUrl, `/reset-password?token=${token}`),
      }),
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const now = new Date();
    // The new password is checked before the link is used, so a refused one can be retried.
    const owner = await this.deps.repository.resetTokenUser(hashToken(token), now);
    const credentials = owner && (await this.deps.users.findCredentialsById(owner));
    if (credentials) assertAcceptablePassword(password, credentials, 'password');
    const userId = await this.deps.repository.consumeResetToken(hashToken(token), now);
    if (!userId) throw new BadRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    await this.deps.users.setPasswordHash(userId, await this.deps.hasher.hash(password));
    await this.passwordSet(userId, now);
  }

  /**
   * After the owner sets a new password, older reset links and the links that undo an email
   * change stop working: the holder of an old mailbox can no longer take the address back.
   */
  private async passwordSet(userId: string, now: Date): Promise<void> {
    await this.deps.repository.revokeResetTokens(userId, now);
    await this.deps.repository.revokeEmailChangeTokens(userId, now);
  }
}

function tooManyAttempts(waitSeconds: number): TooManyRequests {
  return new TooManyRequests(
    `Too many login attempts. Please try again in ${Math.ceil(waitSeconds / 60)} minute(s).`,
    waitSeconds,
  );
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function refuseWhileThrottled(throttle: LoginThrottle, attempt: LoginAttempt): Promise<void> {
  const wait = await throttle.retryAfterSeconds(attempt);
  if (wait > 0) throw tooManyAttempts(wait);
}
