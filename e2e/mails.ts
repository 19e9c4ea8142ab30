import { expect } from '@playwright/test';
import { E2E_PORTS } from './ports';

export interface CaughtMail {
  to: string;
  subject: string;
  /** The message's own Content-Type: multipart/alternative when it has an HTML part. */
  contentType: string;
  text: string;
  /** The HTML part (issue 39.28), null for a text-only message. */
  html: string | null;
}

/** Every email the marketplace sent to `address` so far, oldest first (e2e/mail-catcher.mjs). */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.mailCatcher}/mails`);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for an email to `address` whose subject matches (mail is sent after the answer). */
export async function expectMail(address: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `an email to ${address} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}
