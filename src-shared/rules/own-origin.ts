/**
 * The Origin rule (issue 29, item 6): whether a request's page is one of ours, judged from the
 * configured addresses only. The request's own Host header is not proof: a page of another site
 * whose name is made to point at our address (DNS rebinding) sends its own name as both Origin and
 * Host. Used for the API, the WebSocket handshake, uploads and better-auth's trusted origins.
 */
import { hostNameOf, portalNameRefusal } from './portal';

export interface OwnAddresses {
  /** The product's own origins: PUBLIC_URL's (and, without one, this machine's local names). */
  trustedOrigins: readonly string[];
  /** The product's own host names (APP_HOSTS): a portal is `<name>.<app host>`. */
  appHosts: readonly string[];
  /** PUBLIC_URL: a portal's page has its scheme and port. */
  publicUrl: string;
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Whether `origin` is a page of ours for a request that came with Host `host`: a trusted origin; a
 * portal's (`https://acme.games.example.org` for the app host `games.example.org`, with PUBLIC_URL's
 * scheme and port); or the very address the request was sent to when it is an IP address (a class
 * on a school's network reaching the server by its address, where no name can be rebound).
 */
export function isOwnOrigin(origin: string, host: string | null | undefined, own: OwnAddresses): boolean {
  if (own.trustedOrigins.includes(origin)) return true;
  let page: URL;
  let publicUrl: URL;
  try {
    page = new URL(origin);
    publicUrl = new URL(own.publicUrl);
  } catch {
    return false;
  }
  if (page.origin !== origin || page.protocol !== publicUrl.protocol) return false;
  const name = hostNameOf(page.host);
  if (host && page.host === host.toLowerCase() && (IPV4.test(name) || name.startsWith('['))) return true;
  if (page.port !== publicUrl.port) return false;
  return own.appHosts.some((appHost) => {
    if (!name.endsWith(`.${appHost}`)) return false;
    const label = name.slice(0, -appHost.length - 1);
    return !label.includes('.') && portalNameRefusal(label) === null;
  });
}
