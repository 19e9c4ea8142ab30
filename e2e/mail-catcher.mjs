// The end-to-end tests' mail server: the marketplace sends its emails here over SMTP (as it
// would to a real relay), and the tests read what arrived at GET /mails as JSON.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.argv[2]);
const httpPort = Number(process.argv[3]);
/** @type {{ to: string; subject: string; text: string }[]} */
const mails = [];

/** Quoted-printable soft breaks and escapes, as nodemailer writes long or non-ASCII bodies. */
const decodeQuotedPrintable = (body) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Reads the headers and the plain text of a message as nodemailer builds it. */
function parse(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  // RFC 2047: encoded words (folded ones too, whose whitespace between them is dropped).
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  let body = rest.join('\n\n');
  if (/quoted-printable/i.test(raw)) body = decodeQuotedPrintable(body);
  return { to: header('To'), subject, text: body };
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
