import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contrastGrades,
  contrastRatio,
  couldNamePage,
  LOGO_MAX_BYTES,
  LOGO_REFUSED,
  logoFileRefusal,
  logoRefusal,
  logoTypeOf,
  readableOn,
  slugRefusal,
} from '../../src-shared/rules/public-page';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const bytes = (head: number[] | string, size = 64) => {
  const start = typeof head === 'string' ? new TextEncoder().encode(head) : Uint8Array.from(head);
  const out = new Uint8Array(Math.max(size, start.length));
  out.set(start);
  return out;
};

describe('logo rule (spec points 5, 8, 9)', () => {
  it('knows PNG, JPEG and SVG by their content, whatever the name', () => {
    expect(logoTypeOf(bytes(PNG))).toBe('png');
    expect(logoTypeOf(bytes(JPEG))).toBe('jpeg');
    expect(logoTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(logoTypeOf(bytes('\uFEFF<?xml version="1.0"?>\n<!-- x --><!DOCTYPE svg>\n<svg>'))).toBe('svg');
    expect(logoTypeOf(bytes('GIF89a'))).toBeNull();
    expect(logoTypeOf(bytes('<html><svg>'))).toBeNull();
    expect(logoTypeOf(bytes('%PDF-1.4'))).toBeNull();
  });

  it('accepts a PNG, JPEG or SVG of 1 byte to 2 MB, refuses anything else with the one message', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<(number[] | string)[]>(PNG, JPEG, '<svg>', 'GIF89a', [0, 0, 0], 'hello'),
        fc.integer({ min: 0, max: LOGO_MAX_BYTES + 4096 }),
        (head, size) => {
          const file = size === 0 ? new Uint8Array(0) : bytes(head, Math.max(size, 8));
          const known = head === PNG || head === JPEG || head === '<svg>';
          const expected = known && file.length > 0 && file.length <= LOGO_MAX_BYTES ? null : LOGO_REFUSED;
          expect(logoRefusal(file)).toBe(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('checks a chosen file by name and size before it is sent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('png', 'PNG', 'jpg', 'jpeg', 'JPG', 'svg', 'gif', 'webp', 'pdf', 'svgz', ''),
        fc.integer({ min: 0, max: 3 * 1024 * 1024 }),
        (ext, size) => {
          const ok = /^(png|jpe?g|svg)$/i.test(ext) && size > 0 && size <= LOGO_MAX_BYTES;
          expect(logoFileRefusal({ name: `logo.${ext}`, size })).toBe(ok ? null : LOGO_REFUSED);
        },
      ),
    );
    expect(logoFileRefusal({ name: 'logo.png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileRefusal({ name: 'logo.png', size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_REFUSED);
  });
});

describe('contrast ratios (spec point 9)', () => {
  it('matches known WCAG pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the lightest grey passing AA small text (4.54); #777777 fails (4.47).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastGrades('#767676', '#ffffff').aaSmall).toBe(true);
    expect(contrastGrades('#777777', '#ffffff').aaSmall).toBe(false);
    // #949494 on white: 3.03, AA for large text only.
    expect(contrastGrades('#949494', '#ffffff')).toMatchObject({
      aaSmall: false,
      aaLarge: true,
      aaaSmall: false,
    });
    // #595959 on white: 7.0, AAA small text.
    expect(contrastGrades('#595959', '#ffffff')).toMatchObject({
      aaSmall: true,
      aaLarge: true,
      aaaSmall: true,
    });
    expect(contrastGrades('#ffff00', '#ffffff')).toMatchObject({
      aaSmall: false,
      aaLarge: false,
      aaaSmall: false,
    });
  });

  it('is symmetric, between 1 and 21, and its grades are nested', () => {
    const hex = fc
      .tuple(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
      )
      .map(([r, g, b]) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const ratio = contrastRatio(a, b);
        expect(ratio).toBe(contrastRatio(b, a));
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21);
        const grades = contrastGrades(a, b);
        if (grades.aaaSmall) expect(grades.aaSmall).toBe(true);
        if (grades.aaSmall) expect(grades.aaLarge).toBe(true);
        expect(contrastRatio(readableOn(a), a)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

describe('slug rule', () => {
  it('accepts lower-case words joined by hyphens, 3 to 40 characters', () => {
    expect(slugRefusal('ecole-polytechnique')).toBeNull();
    expect(slugRefusal('abc')).toBeNull();
    expect(slugRefusal('ab')).toBe('settings.pageSlugLength');
    expect(slugRefusal('a'.repeat(41))).toBe('settings.pageSlugLength');
    expect(slugRefusal('Ecole')).toBe('settings.pageSlugInvalid');
    expect(slugRefusal('-abc')).toBe('settings.pageSlugInvalid');
    expect(slugRefusal('ab--c')).toBe('settings.pageSlugInvalid');
    expect(slugRefusal('école')).toBe('settings.pageSlugInvalid');
    expect(slugRefusal('dashboard')).toBe('settings.pageSlugReserved');
  });

  it('never accepts a character outside a-z, 0-9 and -', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (slug) => {
        if (slugRefusal(slug) === null) expect(slug).toMatch(/^[a-z0-9-]{3,40}$/);
      }),
    );
  });
});

describe('page address', () => {
  it('looks up ids and slugs only: a NUL or any other character names no page', () => {
    expect(couldNamePage('0b6f1c2e-7a52-4c1e-9d0f-1e2f3a4b5c6d')).toBe(true);
    expect(couldNamePage('ecole-polytechnique')).toBe(true);
    expect(couldNamePage('AbC_123')).toBe(true);
    for (const address of ['\u0000', 'a\u0000b', '', ' acme', 'école', '../x', 'a'.repeat(65)])
      expect(couldNamePage(address), JSON.stringify(address)).toBe(false);
    // Every slug the slug rule accepts is an address that can be looked up.
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), (slug) => {
        if (slugRefusal(slug) === null) expect(couldNamePage(slug)).toBe(true);
      }),
    );
  });
});
