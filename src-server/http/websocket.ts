/**
 * The WebSocket handshake: only on the API's path, only from our own pages (an Origin is
 * required), and a bounded number of open sockets per client address in this process.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { AddressOf } from './client-address';
import type { everyMinuteAtMost } from './errors';
import type { originCheck } from './security';

type Warn = ReturnType<typeof everyMinuteAtMost>;

export function upgradeHandler(options: {
  wss: WebSocketServer;
  origins: ReturnType<typeof originCheck>;
  addressOf: AddressOf;
  socketsPerAddress: number;
  warnForeignOrigin: Warn;
  warnSocketLimit: Warn;
}) {
  const { wss, origins, addressOf, socketsPerAddress } = options;
  const openByAddress = new Map<string, number>();
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      socket.destroy();
    };
    if (!request.url?.startsWith('/api/trpc')) return refuse('404 Not Found');
    if (!origins.isOwnHandshake(request)) {
      options.warnForeignOrigin('WebSocket from a foreign origin refused', {
        origin: request.headers.origin,
      });
      return refuse('403 Forbidden');
    }
    const address = addressOf(request);
    if ((openByAddress.get(address) ?? 0) >= socketsPerAddress) {
      options.warnSocketLimit('WebSocket over the limit of its address refused', { address });
      return refuse('429 Too Many Requests');
    }
    // Counted once the handshake succeeds (ws calls back synchronously), uncounted on close.
    wss.handleUpgrade(request, socket, head, (ws) => {
      openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
      ws.once('close', () => {
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left > 0) openByAddress.set(address, left);
        else openByAddress.delete(address);
      });
      wss.emit('connection', ws, request);
    });
  };
}
