import { and, eq, gt, gte, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeTokens, passwordResetTokens } from '../../db/schema';

export interface EmailChangeToken {
  userId: string;
  previousEmail: string;
  createdAt: Date;
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  async saveResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  }

  /**
   * Marks the token used and returns its user in one statement, so two requests racing with
   * the same link cannot both succeed.
   */
  async consumeResetToken(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row?.userId;
  }

  /** The user of a usable reset token, without using it (the new password may be refused). */
  async resetTokenUser(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row?.userId;
  }

  async saveEmailChangeToken(
    tokenHash: string,
    change: { userId: string; previousEmail: string; newEmail: string },
    expiresAt: Date,
  ): Promise<void> {
    await this.db.insert(emailChangeTokens).values({ tokenHash, ...change, expiresAt });
  }

  async findEmailChangeToken(tokenHash: string, now: Date): Promise<EmailChangeToken | undefined> {
    const [row] = await this.db
      .select({
        userId: emailChangeTokens.userId,
        previousEmail: emailChangeTokens.previousEmail,
        createdAt: emailChangeTokens.createdAt,
      })
      .from(emailChangeTokens)
      .where(
        and(
          eq(emailChangeTokens.tokenHash, tokenHash),
          isNull(emailChangeTokens.usedAt),
          gt(emailChangeTokens.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /**
   * Uses the token and every one made for a later change of the same account: after A→B→C, going
   * back to A also retires the link that would put B back (B's owner made the second change).
   * Links of earlier changes stay usable, so whoever made a change cannot retire the owner's link.
   */
  async useEmailChangeTokens(tokenHash: string, token: EmailChangeToken, now: Date) {
    await this.db
      .update(emailChangeTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailChangeTokens.userId, token.userId),
          isNull(emailChangeTokens.usedAt),
          or(
            eq(emailChangeTokens.tokenHash, tokenHash),
            gte(emailChangeTokens.createdAt, token.createdAt),
          ),
        ),
      );
  }

  async revokeResetTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  /** Retires every link that would undo an email change of this account. */
  async revokeEmailChangeTokens(userId: string, now: Date): Promise<void> {
    await this.db
      .update(emailChangeTokens)
      .set({ usedAt: now })
      .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
  }
}
