import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { htmlVersion } from './mail-html';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
  /** Several mails at once (an order's buyer and brands): the outbox takes them in one write. */
  sendAll(emails: Email[]): Promise<void>;
}

/**
 * Every email is written to the outbox table first, so nothing is lost when delivery fails
 * and tests can read what was sent. Without SMTP_URL the outbox and the log are the delivery.
 */
export class OutboxMailer implements Mailer {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  send(email: Email): Promise<void> {
    return this.sendAll([email]);
  }

  async sendAll(emails: Email[]): Promise<void> {
    if (emails.length === 0) return;
    const rows = await this.db
      .insert(outboxEmails)
      .values(
        emails.map((email) => ({
          recipient: email.to,
          subject: email.subject,
          bodyText: email.text,
        })),
      )
      .returning({ id: outboxEmails.id });
    for (const [index, email] of emails.entries()) await this.deliver(email, rows[index]!.id);
  }

  private async deliver(email: Email, outboxId: number): Promise<void> {
    if (!this.transport) {
      this.log.info(
        { to: email.to, subject: email.subject, text: email.text },
        'email (outbox only)',
      );
      return;
    }
    try {
      // multipart/alternative: the text part as written, and the same words in HTML.
      await this.transport.sendMail({
        from: this.options.from,
        ...email,
        html: htmlVersion(email),
      });
      await this.db
        .update(outboxEmails)
        .set({ sentAt: new Date() })
        .where(eq(outboxEmails.id, outboxId));
    } catch (error) {
      // The row stays unsent in the outbox; the user's request must not fail because SMTP did.
      this.log.error({ err: error, to: email.to }, 'email delivery failed');
    }
  }
}
