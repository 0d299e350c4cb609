/**
 * The client's address: the socket's, unless the request came through a proxy that TRUST_PROXY
 * names, whose `X-Forwarded-For` is then believed (proxy-addr, as Express's `trust proxy` does).
 * A client cannot choose its address by sending a header.
 */
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** The header through which the resolved address reaches better-auth (any client value is replaced). */
export const CLIENT_ADDRESS_HEADER = 'x-simgames-client-address';

export type AddressOf = (request: IncomingMessage) => string;

export function clientAddressResolver(trustProxy: readonly string[]): AddressOf {
  const trust = proxyaddr.compile([...trustProxy]);
  return (request) => proxyaddr(request as Parameters<typeof proxyaddr>[0], trust);
}
