import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { createTestDatabase } from '../../../test/helper';
import { OutboxMailer } from './mailer';

const silentLog = { info() {}, error() {} } as never;

describe('OutboxMailer', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  let smtpUrl = '';

  beforeAll(async () => {
    database = await createTestDatabase();
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
    await database.dispose();
  });

  const rowsFor = (recipient: string) =>
    database.db.select().from(outboxEmails).where(eq(outboxEmails.recipient, recipient));

  it('keeps the email in the outbox when no SMTP server is configured', async () => {
    const mailer = new OutboxMailer(database.db, silentLog, { from: 'shop@shop.test' });
    await mailer.send({ to: 'outbox-only@example.com', subject: 'Hello', text: 'Body text' });
    const [row] = await rowsFor('outbox-only@example.com');
    expect(row).toMatchObject({ subject: 'Hello', bodyText: 'Body text', sentAt: null });
  });

  it('delivers through SMTP and marks the outbox row sent', async () => {
    const mailer = new OutboxMailer(database.db, silentLog, { smtpUrl, from: 'shop@shop.test' });
    await mailer.send({
      to: 'smtp@example.com',
      subject: 'Reset',
      text: 'Your link: http://x/reset',
    });
    expect(received.at(-1)).toContain('Subject: Reset');
    expect(received.at(-1)).toContain('To: smtp@example.com');
    const [row] = await rowsFor('smtp@example.com');
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('writes several mails to the outbox together, and delivers and marks each', async () => {
    const mailer = new OutboxMailer(database.db, silentLog, { smtpUrl, from: 'shop@shop.test' });
    const before = received.length;
    await mailer.sendAll([
      { to: 'buyer@example.com', subject: 'Order placed', text: 'Thanks' },
      { to: 'brand@example.com', subject: 'New order', text: 'Ship it' },
    ]);
    expect(received.slice(before).map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim())).toEqual([
      'buyer@example.com',
      'brand@example.com',
    ]);
    const [buyer] = await rowsFor('buyer@example.com');
    const [brand] = await rowsFor('brand@example.com');
    expect(buyer).toMatchObject({ subject: 'Order placed', bodyText: 'Thanks' });
    expect(brand).toMatchObject({ subject: 'New order', bodyText: 'Ship it' });
    expect(buyer!.id).toBeLessThan(brand!.id);
    expect(buyer?.sentAt).toBeInstanceOf(Date);
    expect(brand?.sentAt).toBeInstanceOf(Date);
  });

  it('does not fail the caller when SMTP is down, and leaves the row unsent for a retry', async () => {
    const mailer = new OutboxMailer(database.db, silentLog, {
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'shop@shop.test',
    });
    await expect(
      mailer.send({ to: 'down@example.com', subject: 'S', text: 'T' }),
    ).resolves.toBeUndefined();
    const [row] = await rowsFor('down@example.com');
    expect(row?.sentAt).toBeNull();
  });
});
