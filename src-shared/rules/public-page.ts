/**
 * The public instructor page's rules (issue 28; spec points 3, 5, 8 and 9): the logo a page may
 * show, the WCAG contrast of its colours, and the address an instructor may choose for it.
 */
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';

extend([a11yPlugin]);

/** Logo maximum 2 MB (spec point 9). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The spec's one message for any refused logo (point 8). */
export const LOGO_REFUSED = 'settings.pageLogoRefused';

export type LogoType = 'png' | 'jpeg' | 'svg';

export const LOGO_CONTENT_TYPES: Record<LogoType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

const LOGO_EXTENSIONS = /\.(png|jpe?g|svg)$/i;

/** Whether a chosen file's name and size may be sent (the browser's check before an upload). */
export function logoFileRefusal(file: { name: string; size: number }): typeof LOGO_REFUSED | null {
  return LOGO_EXTENSIONS.test(file.name) && file.size > 0 && file.size <= LOGO_MAX_BYTES
    ? null
    : LOGO_REFUSED;
}

/**
 * What a file is by its first bytes, not its name: PNG and JPEG by their signatures, SVG by an
 * `<svg` root after an optional byte-order mark, XML declaration, comments and doctype.
 */
export function logoTypeOf(bytes: Uint8Array): LogoType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  const text = head
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(text) ? 'svg' : null;
}

/** A received logo: refused unless it is a PNG, JPEG or SVG by its content, of at most 2 MB. */
export function logoRefusal(bytes: Uint8Array): typeof LOGO_REFUSED | null {
  if (bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) return LOGO_REFUSED;
  return logoTypeOf(bytes) ? null : LOGO_REFUSED;
}

/** Accessibility contrast ratios (spec point 9). */
export const CONTRAST = { aaSmall: 4.5, aaLarge: 3, aaaSmall: 7 } as const;

/** A colour as the page stores it: `#rrggbb`. */
export const isHexColor = (value: string): boolean => /^#[0-9a-f]{6}$/i.test(value);

/** The WCAG contrast ratio of two colours, from 1 to 21, floored to 2 decimals (colord's a11y plugin). */
export const contrastRatio = (a: string, b: string): number => colord(a).contrast(b);

export interface ContrastGrades {
  ratio: number;
  aaSmall: boolean;
  aaLarge: boolean;
  aaaSmall: boolean;
}

/** Which of the spec's three levels a pair of colours meets. */
export function contrastGrades(foreground: string, background: string): ContrastGrades {
  const ratio = contrastRatio(foreground, background);
  return {
    ratio,
    aaSmall: ratio >= CONTRAST.aaSmall,
    aaLarge: ratio >= CONTRAST.aaLarge,
    aaaSmall: ratio >= CONTRAST.aaaSmall,
  };
}

/** Of two text colours, the one that reads better on `background` (text on a coloured button). */
export const readableOn = (background: string): string =>
  contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';

/** Addresses of the app a page's slug may not take. */
const RESERVED_SLUGS = new Set([
  'admin',
  'api',
  'dashboard',
  'demo',
  'files',
  'login',
  'signup',
  'user',
  'www',
]);

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/**
 * Whether `address` could name a page at all: an owner's id, a workspace's id (a UUID) or a slug
 * are letters, digits, hyphens and underscores. Anything else names no page, and is not looked up
 * (PostgreSQL refuses a NUL in a text it is asked to compare).
 */
export function couldNamePage(address: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(address);
}

/**
 * A chosen address, /user/{slug}: 3 to 40 lower-case letters, digits and single hyphens inside,
 * not one of the app's own words. Null when accepted, else the message id of the refusal.
 */
export function slugRefusal(slug: string): string | null {
  if (slug.length < SLUG_MIN || slug.length > SLUG_MAX) return 'settings.pageSlugLength';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return 'settings.pageSlugInvalid';
  return RESERVED_SLUGS.has(slug) ? 'settings.pageSlugReserved' : null;
}
