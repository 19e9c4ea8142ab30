import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import { eq } from 'drizzle-orm';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
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

  async send(email: Email): Promise<void> {
    const [row] = await this.db
      .insert(outboxEmails)
      .values({ recipient: email.to, subject: email.subject, bodyText: email.text })
      .returning({ id: outboxEmails.id });
    if (!this.transport) {
      this.log.info(
        { to: email.to, subject: email.subject, text: email.text },
        'email (outbox only)',
      );
      return;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, ...email });
      await this.db
        .update(outboxEmails)
        .set({ sentAt: new Date() })
        .where(eq(outboxEmails.id, row!.id));
    } catch (error) {
      // The row stays unsent in the outbox; the user's request must not fail because SMTP did.
      this.log.error({ err: error, to: email.to }, 'email delivery failed');
    }
  }
}
