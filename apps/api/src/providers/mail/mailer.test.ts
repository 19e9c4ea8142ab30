import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { createTestDatabase } from '../../../test/helper';
import { OutboxMailer } from './mailer';

const silentLog = { info() {}, error() {} } as never;

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The parts of a multipart message, each decoded from its transfer encoding. */
function mimeParts(raw: string): { type: string; body: string }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [head, ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const body = rest.join('\r\n\r\n').replace(/\r?\n$/, '');
      const decoded = /quoted-printable/i.test(head!)
        ? decodeQuotedPrintable(body)
        : /base64/i.test(head!)
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : body;
      return {
        type: /content-type:\s*([^;\s]+)/i.exec(head!)![1]!,
        body: decoded.replace(/\r\n/g, '\n'),
      };
    });
}

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

  it('issue 39.28: sends multipart/alternative, the text part unchanged and the same words in escaped HTML', async () => {
    const mailer = new OutboxMailer(database.db, silentLog, { smtpUrl, from: 'shop@shop.test' });
    const text =
      'Hi Zoë <b>Ng</b>,\n\nYour order LB-1 from "Lena & Co" <script>alert(1)</script>:\n\n- Tee × 1: $20.00\n\nhttps://shop.example/user';
    await mailer.send({ to: 'html@example.com', subject: 'Your order', text });
    const raw = received.at(-1)!;
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    const parts = mimeParts(raw);
    expect(parts.map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(parts[0]!.body).toBe(text);
    const html = parts[1]!.body;
    expect(html).toContain('Hi Zoë &lt;b&gt;Ng&lt;/b&gt;,');
    expect(html).toContain('&quot;Lena &amp; Co&quot; &lt;script&gt;alert(1)&lt;/script&gt;:');
    expect(html).toContain('- Tee × 1: $20.00');
    expect(html).toContain('<a href="https://shop.example/user"');
    expect(html).not.toContain('<script>');
    // The outbox keeps the text as written.
    const [row] = await rowsFor('html@example.com');
    expect(row).toMatchObject({ bodyText: text });
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
