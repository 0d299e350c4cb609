/**
 * The fuzz's WebSocket caller: one socket per caller, reused across subscriptions, each stopped
 * after its first view. What it answers is either a clean outcome (a refusal before the
 * subscription started, or a first view and a clean stop) or a death:
 * - an error after the subscription had started (its generator threw), or one arriving after the
 *   subscription was answered (a late error);
 * - the socket closed by the server with any code but 1009 (the transport's refusal of a message
 *   over the size limit), e.g. 1006 (dropped) or 1011 (server error), even while idle;
 * - no answer, no first view, or no `stopped` after a stop, in `WAIT_MS`.
 */
import WebSocket from 'ws';

/** Long enough for a first view on a loaded machine; a subscription that takes longer is stuck. */
const WAIT_MS = 10_000;
/** A tracked subscription resumed after a `lastEventId` ahead of its stream sends nothing: its wait. */
const QUIET_MS = 200;

interface ErrorShape {
  json?: { data?: { httpStatus?: number; messageId?: string } };
}
interface Message {
  id?: number | null;
  error?: ErrorShape;
  result?: { type?: 'started' | 'stopped' | 'data' };
}

export type SubscriptionOutcome =
  | { kind: 'refused'; status: number; data?: { messageId?: string } }
  | { kind: 'served' }
  | { kind: 'died'; why: string };

const statusOf = (error: ErrorShape) => error.json?.data?.httpStatus ?? 500;
const describeError = (error: ErrorShape) =>
  `${statusOf(error)} ${error.json?.data?.messageId ?? '(no message id)'}`;

export class SubscriptionProbe {
  private socket: WebSocket | undefined;
  private nextId = 1;
  /** The subscription being probed: it gets every message of its id, and the socket's close. */
  private current: { id: number; onMessage(message: Message): void; onClose(code: number): void } | null =
    null;
  /** Deaths seen outside a probe (a late error, a close while idle): told with the next outcome. */
  private readonly unattributed: string[] = [];
  private closing = false;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
  ) {}

  private async open(): Promise<WebSocket> {
    const socket = new WebSocket(this.url, { headers: this.headers });
    socket.on('message', (raw) => {
      // The server's keep-alive pings a socket silent for 4 s; a client answers.
      if (String(raw) === 'PING') return socket.send('PONG');
      const message = JSON.parse(String(raw)) as Message;
      // A message the server could not parse is answered with `id: null`: it is the current one's.
      const id = message.id ?? this.current?.id;
      if (this.current && id === this.current.id) return this.current.onMessage(message);
      if (message.error)
        this.unattributed.push(`a late error for subscription ${id}: ${describeError(message.error)}`);
    });
    socket.on('close', (code) => {
      if (this.socket === socket) this.socket = undefined;
      if (this.current) return this.current.onClose(code);
      if (!this.closing) this.unattributed.push(`the WebSocket closed while idle, with ${code}`);
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    this.socket = socket;
    return socket;
  }

  /**
   * Subscribes to `path` with `input` (already encoded), waits for its first view (or, when
   * `mayStayQuiet`, `QUIET_MS` for one), stops it and waits for the server's `stopped`.
   */
  async probe(path: string, input: unknown, mayStayQuiet: boolean): Promise<SubscriptionOutcome> {
    const socket = this.socket?.readyState === WebSocket.OPEN ? this.socket : await this.open();
    const id = this.nextId++;
    const outcome = await new Promise<SubscriptionOutcome>((resolve) => {
      let phase: 'sent' | 'started' | 'stopping' = 'sent';
      let timer: NodeJS.Timeout;
      const wait = (ms: number, then: () => void) => {
        clearTimeout(timer);
        timer = setTimeout(then, ms);
      };
      const settle = (result: SubscriptionOutcome) => {
        clearTimeout(timer);
        this.current = null;
        resolve(result);
      };
      const stop = () => {
        phase = 'stopping';
        socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
        wait(WAIT_MS, () => settle({ kind: 'died', why: `no 'stopped' ${WAIT_MS} ms after a stop` }));
      };
      this.current = {
        id,
        onMessage: (message) => {
          if (message.error) {
            if (phase === 'sent')
              return settle({
                kind: 'refused',
                status: statusOf(message.error),
                data: message.error.json?.data,
              });
            const when = phase === 'started' ? 'after the subscription had started' : 'after it was stopped';
            return settle({ kind: 'died', why: `an error ${when}: ${describeError(message.error)}` });
          }
          const type = message.result?.type;
          if (type === 'started' && phase === 'sent') {
            phase = 'started';
            if (mayStayQuiet) wait(QUIET_MS, stop);
            else
              wait(WAIT_MS, () => settle({ kind: 'died', why: `started, no first view in ${WAIT_MS} ms` }));
          } else if (type === 'data' && phase === 'started') stop();
          // Ended by the server itself, or after the stop: either way, cleanly.
          else if (type === 'stopped') settle({ kind: 'served' });
        },
        onClose: (code) =>
          settle(
            code === 1009 && phase === 'sent'
              ? { kind: 'refused', status: 413, data: { messageId: 'errors.payloadTooLarge' } }
              : { kind: 'died', why: `the WebSocket closed with ${code} (subscription ${phase})` },
          ),
      };
      wait(WAIT_MS, () => settle({ kind: 'died', why: `no answer in ${WAIT_MS} ms` }));
      socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    });
    const earlier = this.unattributed.splice(0);
    if (earlier.length === 0) return outcome;
    const why = outcome.kind === 'died' ? [outcome.why, ...earlier] : earlier;
    return { kind: 'died', why: why.join('; ') };
  }

  /** Deaths seen since the last probe (a late error, a close while idle). */
  pendingDeaths(): string[] {
    return this.unattributed.splice(0);
  }

  close(): void {
    this.closing = true;
    this.socket?.close();
  }
}
