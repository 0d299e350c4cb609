import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/chromium-path';

const onDisk =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('the Chromium of the browser tests', () => {
  it('is CHROMIUM_PATH when set, and refuses one that does not exist', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' }, onDisk('/opt/chrome/chrome'))).toBe(
      '/opt/chrome/chrome',
    );
    expect(() => chromiumPath({ CHROMIUM_PATH: '/opt/none' }, onDisk('/usr/bin/chromium'))).toThrow(
      'CHROMIUM_PATH is /opt/none, and there is no such file.',
    );
  });

  it("is Debian's chromium, else Ubuntu's chromium-browser, without CHROMIUM_PATH", () => {
    expect(chromiumPath({}, onDisk('/usr/bin/chromium', '/usr/bin/chromium-browser'))).toBe(
      '/usr/bin/chromium',
    );
    expect(chromiumPath({}, onDisk('/usr/bin/chromium-browser'))).toBe('/usr/bin/chromium-browser');
  });

  it('says how to install one when there is none', () => {
    expect(() => chromiumPath({}, onDisk())).toThrow(/apt-get install chromium.*or set CHROMIUM_PATH/);
  });
});
