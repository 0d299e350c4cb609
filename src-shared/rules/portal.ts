/**
 * The white-label portal's rules (spec point 1: "A white-label portal look can be loaded on a
 * sub-domain that is not one of the product's own hosts, identified by the sub-domain name"):
 * which names a partner may claim, and which portal a request's host names.
 */

export const PORTAL_NAME_MIN = 3;
export const PORTAL_NAME_MAX = 40;
/** The hero title's length at most (it stands in the browser's title and the top bar). */
export const HERO_TITLE_MAX = 80;

/**
 * Names no portal may take: the product's own sub-domains, and names people would read as the
 * product's or the internet's (a portal called `login` or `mail` would mislead its visitors).
 */
export const RESERVED_PORTAL_NAMES: ReadonlySet<string> = new Set([
  'www',
  'app',
  'api',
  'admin',
  'administrator',
  'operator',
  'root',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'cdn',
  'static',
  'assets',
  'files',
  'auth',
  'login',
  'signup',
  'account',
  'accounts',
  'dashboard',
  'help',
  'support',
  'status',
  'billing',
  'demo',
  'portal',
  'test',
  'staging',
  'dev',
  'localhost',
]);

/** A DNS label in lower case: letters, digits and inner hyphens (RFC 1123), `--` not at 3-4 (punycode). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A typed name as it is kept: trimmed, in lower case. */
export const normalizePortalName = (text: string): string => text.trim().toLowerCase();

/**
 * Why `name` (already normalized) may not be claimed, as a message id; null when it may: a DNS
 * label of 3 to 40 lower-case letters, digits and inner hyphens, not reserved.
 */
export function portalNameRefusal(
  name: string,
): 'settings.errPortalName' | 'settings.errPortalReserved' | null {
  if (name.length < PORTAL_NAME_MIN || name.length > PORTAL_NAME_MAX || !LABEL.test(name))
    return 'settings.errPortalName';
  // `xn--` names are punycode: they would show as another name in the address bar.
  if (name.slice(2, 4) === '--') return 'settings.errPortalName';
  if (RESERVED_PORTAL_NAMES.has(name)) return 'settings.errPortalReserved';
  return null;
}

/**
 * The host name of a Host header (or a URL's host): in lower case, without its port and a
 * trailing dot; an IPv6 literal keeps its brackets. '' when there is none.
 */
export function hostNameOf(host: string | null | undefined): string {
  const text = (host ?? '').trim().toLowerCase();
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    return end === -1 ? '' : text.slice(0, end + 1);
  }
  return text.replace(/:\d*$/, '').replace(/\.$/, '');
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The portal a request's Host names: its first label, when the host is not one of the product's
 * own (`appHosts`, host names in lower case), has a sub-domain (two labels at least: `acme.localhost`
 * or `acme.games.example.org`), is no IP address, and its first label is a name a portal could
 * have. Null: the product's own look.
 */
export function portalNameOfHost(
  host: string | null | undefined,
  appHosts: readonly string[],
): string | null {
  const name = hostNameOf(host);
  if (!name || appHosts.includes(name) || name.startsWith('[') || IPV4.test(name)) return null;
  const labels = name.split('.');
  if (labels.length < 2) return null;
  const first = labels[0]!;
  return portalNameRefusal(first) === null ? first : null;
}

/** A hero title as it is kept: trimmed, its runs of white space one space. */
export const normalizeHeroTitle = (text: string): string => text.trim().replace(/\s+/g, ' ');

/** Why a (normalized) hero title may not be set, as a message id; null when it may: 1 to 80 characters. */
export function heroTitleRefusal(title: string): 'settings.errPortalHeroTitle' | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (title.length < 1 || title.length > HERO_TITLE_MAX || /[\u0000-\u001f\u007f]/.test(title))
    return 'settings.errPortalHeroTitle';
  return null;
}
