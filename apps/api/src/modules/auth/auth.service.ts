import { createHash, randomBytes } from 'node:crypto';
import {
  BadRequest,
  FORGOT_PASSWORD_SENT,
  MESSAGES,
  RESET_LINK_INVALID,
  TooManyRequests,
  Unauthorized,
  type LoginInput,
  type LoginResponse,
  type UserProfile,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../providers/mail/mailer';
import type { UsersService } from '../users/users.service';
import type { AuthRepository } from './auth.repository';
import type { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from './password-hasher';
import type { TokenService } from './token.service';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

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

export class AuthService {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      users: UsersService;
      repository: AuthRepository;
      hasher: PasswordHasher;
      tokens: TokenService;
      throttle: LoginThrottle;
      mailer: Mailer;
      publicUrl: string;
      log: FastifyBaseLogger;
    },
  ) {}

  async register({ password, userDto }: Registration): Promise<UserProfile> {
    const passwordHash = await this.deps.hasher.hash(password);
    return this.deps.users.createUser({ ...userDto, passwordHash });
  }

  async login({ userName: login, password }: LoginInput, address: string): Promise<LoginResponse> {
    const { throttle, users, hasher, tokens } = this.deps;
    const wait = await throttle.retryAfterSeconds(login, address);
    if (wait > 0) {
      throw new TooManyRequests(
        `Too many login attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`,
        wait,
      );
    }
    const credentials = await users.findCredentials(login);
    const valid = await hasher.verify(credentials?.passwordHash, password);
    if (!credentials || !valid) {
      await throttle.recordFailure(login, address);
      throw new Unauthorized(MESSAGES.incorrectCredentials);
    }
    await throttle.recordSuccess(login);
    return { accessToken: await tokens.issue(credentials.userName, credentials.tokenVersion) };
  }

  /**
   * Always the same answer, given before the account is even looked up: the link is made and
   * mailed afterwards, so neither the message nor the time taken tells which emails have accounts.
   */
  async forgotPassword(email: string): Promise<{ message: string }> {
    const work = this.sendResetLink(email)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset mail failed'))
      .finally(() => this.background.delete(work));
    this.background.add(work);
    return { message: FORGOT_PASSWORD_SENT };
  }

  /** Resolves once the work started after earlier answers (reset mails) is done. */
  async settled(): Promise<void> {
    await Promise.all(this.background);
  }

  private async sendResetLink(email: string): Promise<void> {
    const credentials = await this.deps.users.findCredentialsByEmail(email);
    if (!credentials) return;
    const token = randomBytes(32).toString('base64url');
    await this.deps.repository.saveResetToken(
      credentials.userId,
      hashToken(token),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    const link = `${this.deps.publicUrl}/reset-password?token=${token}`;
    await this.deps.mailer.send({
      to: credentials.email,
      subject: 'Reset your Local Brands password',
      text:
        `Hi ${credentials.firstName},\n\n` +
        `Someone asked to reset the password of the account ${credentials.userName}.\n` +
        `Choose a new password within the next hour here:\n\n${link}\n\n` +
        `If it was not you, ignore this email: your password stays as it is.`,
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const now = new Date();
    const userId = await this.deps.repository.consumeResetToken(hashToken(token), now);
    if (!userId) throw new BadRequest(RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    await this.deps.users.setPasswordHash(userId, await this.deps.hasher.hash(password));
    await this.deps.repository.revokeResetTokens(userId, now);
  }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
