/**
 * Which portal a request's host names, and its look (docs/portal.md): a host that is not one of
 * APP_HOSTS names a portal by its first label; the portal's look is its workspace's (colours,
 * logo, language) under the portal's hero title. Looks are remembered a few seconds per name, so a
 * page's calls (and the origin checks of its sign-in) cost no database read each; a change made
 * through this process is seen at once, one made by another process within `ttlMs`.
 */
import type { Kysely } from 'kysely';
import { isLocale, type Locale } from '../../src-shared/rules/locale';
import { hostNameOf, portalNameOfHost } from '../../src-shared/rules/portal';
import type { Database } from '../db/schema';

/** What a portal's visitors see (spec point 3: custoLook and portalLook); nothing of its owner's. */
export interface PortalLook {
  name: string;
  heroTitle: string;
  mainColor: string | null;
  bckColor: string | null;
  textColor: string | null;
  /** Where the page helper serves the logo (`/files/<key>`), the thumbnail when the owner chose it. */
  logoUrl: string | null;
  /** The workspace's language: it comes before the profile's on the portal's pages. */
  language: Locale | null;
}

const COLOR = /^#[0-9a-f]{6}$/i;
const colorOrNull = (value: string | null) => (value && COLOR.test(value) ? value : null);

export class PortalDirectory {
  private readonly cache = new Map<string, { look: PortalLook | null; until: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly appHosts: readonly string[],
    private readonly ttlMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The portal name a Host header names, claimed or not; null on the product's own hosts. */
  nameOf(host: string | null | undefined): string | null {
    return portalNameOfHost(host, this.appHosts);
  }

  /** The look of the claimed portal `host` names; null on an app host or an unclaimed name. */
  async lookFor(host: string | null | undefined): Promise<PortalLook | null> {
    const name = this.nameOf(host);
    return name ? this.byName(name) : null;
  }

  /** The look of the portal `name`, remembered briefly (an unclaimed name too: null). */
  async byName(name: string): Promise<PortalLook | null> {
    const held = this.cache.get(name);
    if (held && held.until > this.now()) return held.look;
    const look = await this.read(name);
    // A host header is anyone's to choose: the cache keeps a bounded number of names.
    if (this.cache.size >= 10_000) this.cache.clear();
    this.cache.set(name, { look, until: this.now() + this.ttlMs });
    return look;
  }

  /** Forgets `name`'s look after a claim, a release or a new hero title made here. */
  forget(name: string): void {
    this.cache.delete(name);
  }

  /**
   * Whether `origin` is a claimed portal's page calling its own host (the sign-in's trusted
   * origins, auth/auth.ts): the origin's host is the request's, and names a claimed portal.
   */
  async isPortalOrigin(origin: string | null | undefined, host: string | null | undefined): Promise<boolean> {
    if (!origin || !host) return false;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      return false;
    }
    if (hostNameOf(originHost) !== hostNameOf(host)) return false;
    return (await this.lookFor(host)) !== null;
  }

  private async read(name: string): Promise<PortalLook | null> {
    const row = await this.db
      .selectFrom('portals')
      .innerJoin('workspaces', 'workspaces.id', 'portals.workspace_id')
      .select([
        'portals.name',
        'portals.hero_title',
        'workspaces.main_color',
        'workspaces.bck_color',
        'workspaces.text_color',
        'workspaces.logo_key',
        'workspaces.logo_thumb_key',
        'workspaces.use_thumbnail',
        'workspaces.language',
      ])
      .where('portals.name', '=', name)
      .executeTakeFirst();
    if (!row) return null;
    const logoKey = row.use_thumbnail && row.logo_thumb_key ? row.logo_thumb_key : row.logo_key;
    return {
      name: row.name,
      heroTitle: row.hero_title,
      mainColor: colorOrNull(row.main_color),
      bckColor: colorOrNull(row.bck_color),
      textColor: colorOrNull(row.text_color),
      logoUrl: logoKey ? `/files/${encodeURI(logoKey)}` : null,
      language: isLocale(row.language) ? row.language : null,
    };
  }
}
