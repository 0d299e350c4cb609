/**
 * A TCP proxy in front of a server that can go silent without a word (issue 39): `freeze` stops
 * forwarding in both directions and leaves every connection open, as a network that drops its
 * packets does (a failed-over database's old address, a cut cable); `thaw` lets what waited through.
 * New connections made while frozen wait as well.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface FreezableProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function freezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const pairs = new Set<[Socket, Socket]>();
  /** What arrived while frozen, to be written once thawed, in order. */
  const held: Array<{ to: Socket; data: Buffer }> = [];
  const forward = (from: Socket, to: Socket) =>
    from.on('data', (data: Buffer) => {
      if (frozen) held.push({ to, data });
      else to.write(data);
    });
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
