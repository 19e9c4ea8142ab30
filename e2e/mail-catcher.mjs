// The end-to-end tests' mail server: the marketplace sends its emails here over SMTP (as it
// would to a real relay), and the tests read what arrived at GET /mails as JSON.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.argv[2]);
const httpPort = Number(process.argv[3]);
/** @type {{ to: string; subject: string; contentType: string; text: string; html: string | null }[]} */
const mails = [];

/** Quoted-printable soft breaks and escapes, as nodemailer writes long or non-ASCII bodies. */
const decodeQuotedPrintable = (body) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A part's body as text, whatever transfer encoding nodemailer chose for it. */
function decodeBody(headers, body) {
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(headers))
    return decodeQuotedPrintable(body);
  if (/^content-transfer-encoding:\s*base64/im.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

const unfold = (head) => head.replace(/\r?\n[ \t]+/g, ' ');

/**
 * Reads the headers, the plain text and (issue 39.28) the HTML of a message as nodemailer
 * builds it: one text part, or a multipart/alternative of text and HTML.
 */
function parse(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = unfold(head);
  const header = (name) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  // RFC 2047: encoded words (folded ones too, whose whitespace between them is dropped).
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  const body = rest.join('\n\n');
  const contentType = header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!/^multipart\//i.test(contentType) || !boundary) {
    return { to: header('To'), subject, contentType, text: decodeBody(headers, body), html: null };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const [partHead, ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const partHeaders = unfold(partHead);
      return {
        type: /^content-type:\s*([^;\s]+)/im.exec(partHeaders)?.[1]?.toLowerCase() ?? '',
        text: decodeBody(partHeaders, partBody.join('\n\n').replace(/\r?\n$/, '')),
      };
    });
  return {
    to: header('To'),
    subject,
    contentType,
    text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
    html: parts.find((part) => part.type === 'text/html')?.text ?? null,
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let data = '';
    stream.on('data', (chunk) => (data += chunk.toString('latin1')));
    stream.on('end', () => {
      mails.push(parse(Buffer.from(data, 'latin1').toString('utf8')));
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(request.url === '/mails' ? mails : { ok: true }));
}).listen(httpPort, '127.0.0.1');
