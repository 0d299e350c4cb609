/**
 * A received logo made fit to show (issue 28): known by its content (src-shared/rules/public-page.ts),
 * a PNG or JPEG decoded and re-encoded by sharp at most 512 px wide and high, with a 128 px
 * thumbnail (whatever else the file carried — metadata, extra chunks — is left behind); an SVG
 * sanitized by DOMPurify's SVG profile (no script, no event handler, no foreign object), and
 * served under a policy that runs nothing (storage/files-route.ts).
 */
import {
  LOGO_CONTENT_TYPES,
  type LogoType,
  logoRefusal,
  logoTypeOf,
} from '../../src-shared/rules/public-page';

export const LOGO_SIZE = 512;
export const THUMBNAIL_SIZE = 128;
/** Pixels a logo may decode to: a small file that unpacks to a huge picture is refused. */
const MAX_PIXELS = 40_000_000;

export interface ImageFile {
  body: Buffer;
  contentType: string;
  extension: string;
}

export type ProcessedLogo = { logo: ImageFile; thumbnail: ImageFile } | { refusal: string };

/** The logo and its thumbnail, or the spec's refusal for a file that is not one. */
export async function processLogo(bytes: Buffer): Promise<ProcessedLogo> {
  const refusal = logoRefusal(bytes);
  const type = logoTypeOf(bytes);
  if (refusal || !type) return { refusal: refusal ?? 'settings.pageLogoRefused' };
  if (type === 'svg') {
    const clean = await sanitizeSvg(bytes.toString('utf8'));
    if (!clean) return { refusal: 'settings.pageLogoRefused' };
    const svg = { body: Buffer.from(clean, 'utf8'), contentType: LOGO_CONTENT_TYPES.svg, extension: 'svg' };
    // A vector picture is its own thumbnail.
    return { logo: svg, thumbnail: svg };
  }
  try {
    return {
      logo: await resized(bytes, type, LOGO_SIZE),
      thumbnail: await resized(bytes, type, THUMBNAIL_SIZE),
    };
  } catch {
    // Its first bytes said PNG or JPEG, its body did not decode.
    return { refusal: 'settings.pageLogoRefused' };
  }
}

async function resized(bytes: Buffer, type: Exclude<LogoType, 'svg'>, size: number): Promise<ImageFile> {
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
  const body = type === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 88 }).toBuffer();
  return { body, contentType: LOGO_CONTENT_TYPES[type], extension: type === 'png' ? 'png' : 'jpg' };
}

/**
 * An SVG document with nothing that runs: null when nothing of an SVG is left. DOMPurify (and the
 * jsdom under it, 0.7 s) loads with the first logo uploaded, not with the server.
 */
export async function sanitizeSvg(text: string): Promise<string | null> {
  const { default: DOMPurify } = await import('isomorphic-dompurify');
  const clean = DOMPurify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    FORBID_ATTR: ['href', 'xlink:href'],
  });
  return /^\s*<svg[\s>]/i.test(clean) ? clean : null;
}
