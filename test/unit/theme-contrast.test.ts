import { readFileSync } from 'node:fs';
import { DEFAULT_THEME } from '@mantine/core';
import { expect, it } from 'vitest';

/**
 * Our own colours pass WCAG AA's contrast rule (issue 28, item 7): Mantine's palette as
 * src-client/ui/contrast.css darkens it. Text of shades 6 to 9 on white (links, coloured text), white
 * on shade 6 (filled buttons and badges), shade 9 on shades 0 and 1 (the "light" variant), and the
 * dimmed text (gray 6) on white and the light grays and blues it stands on: 4.5:1 or more.
 */
const css = readFileSync('src-client/ui/contrast.css', 'utf8');
const overrides = new Map(
  [...css.matchAll(/--mantine-color-(\w+)-(\d): (#[0-9a-f]{6});/g)].map((m) => [`${m[1]}-${m[2]}`, m[3]!]),
);
const shade = (name: string, index: number) =>
  overrides.get(`${name}-${index}`) ?? DEFAULT_THEME.colors[name]![index]!;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};

it('reads the overrides (a rule that reads nothing cannot fail)', () => {
  expect(overrides.size).toBeGreaterThan(30);
  expect(contrast('#868e96', '#ffffff')).toBeLessThan(4.5);
});

for (const name of Object.keys(DEFAULT_THEME.colors).filter((color) => color !== 'dark')) {
  it(`${name}: text, filled and light variants reach 4.5:1`, () => {
    for (const index of [6, 7, 8, 9])
      expect(contrast(shade(name, index), '#ffffff'), `${name}.${index} on white`).toBeGreaterThanOrEqual(
        4.5,
      );
    for (const index of [7, 8, 9])
      for (const background of [0, 1])
        expect(
          contrast(shade(name, index), shade(name, background)),
          `${name}.${index} on ${name}.${background}`,
        ).toBeGreaterThanOrEqual(4.5);
  });
}

it('the dimmed text reaches 4.5:1 on the light backgrounds it stands on', () => {
  for (const background of [
    '#ffffff',
    shade('gray', 0),
    shade('gray', 1),
    shade('blue', 0),
    shade('blue', 1),
    shade('green', 0),
  ])
    expect(contrast(shade('gray', 6), background), background).toBeGreaterThanOrEqual(4.5);
});
