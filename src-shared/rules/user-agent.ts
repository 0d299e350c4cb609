/**
 * A signed-in device as its owner recognizes it (settings, "Signed-in devices"): the browser and
 * the system named in the user agent a session was opened with. Names of products, not translated;
 * null where the agent names none we know.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], agent: string) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

export function describeUserAgent(agent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  const text = (agent ?? '').slice(0, 1000);
  return { browser: first(BROWSERS, text), os: first(SYSTEMS, text) };
}
