/**
 * A real SMTP server inside a test (the `smtp-server` package, plain text on 127.0.0.1): it keeps
 * every message it accepts, decoded enough to read its headers and follow its links, and can be
 * told to refuse the next deliveries with a temporary failure.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  /** The whole message with its quoted-printable parts decoded. */
  body: string;
  /** The first link to /auth-action in the message. */
  link: string | null;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answers the next `count` deliveries with a 451 (try again later). */
  refuseNext(count: number): void;
  /** Refused deliveries so far. */
  refused: number;
  /** Resolves with the first mail received (from now on or already) that `match` accepts. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A header's UTF-8 encoded words (RFC 2047, as nodemailer writes them) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_whole, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_w, hex: string) => `%${hex}`),
              'utf8',
            );
      return encoding.toUpperCase() === 'B'
        ? bytes.toString('utf8')
        : decodeURIComponent(bytes.toString('utf8'));
    });
}

/** A header's value, folded lines joined and encoded words decoded. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeWords(line.slice(name.length + 1).trim()) : '';
}

export async function startSmtpServer(port?: number): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let toRefuse = 0;
  const state = {
    refused: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse--;
          state.refused++;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const body = decodeQuotedPrintable(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, 'Subject'),
          messageId: header(raw, 'Message-ID'),
          body,
          link: /https?:\/\/[^\s"<]+\/auth-action\?mode=\w+&code=[\w.-]+/.exec(body)?.[0] ?? null,
        });
        callback();
        for (const wake of waiters) wake();
      });
    },
  });
  const chosen = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(chosen, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${chosen}`,
    port: chosen,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    get refused() {
      return state.refused;
    },
    waitFor(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
