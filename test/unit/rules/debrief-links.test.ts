/** The instructor's text in a debrief: plain text with http(s) links, never markup (rules/text-links.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeHref, textWithLinks } from '../../../src-shared/rules/text-links';

const links = (text: string) => textWithLinks(text).filter((p) => p.kind === 'link');

describe('textWithLinks', () => {
  it('finds http and https addresses among plain text', () => {
    expect(textWithLinks('Read https://example.org/lean?a=1&b=2 then http://x.io.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.org/lean?a=1&b=2', href: 'https://example.org/lean?a=1&b=2' },
      { kind: 'text', text: ' then ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves sentence punctuation and unmatched brackets outside the address', () => {
    expect(links('(see https://a.org/b)')[0]?.text).toBe('https://a.org/b');
    expect(links('https://en.wikipedia.org/wiki/Kanban_(development), then')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/Kanban_(development)',
    );
    expect(links('"https://a.org/x?", she asked')[0]?.text).toBe('https://a.org/x');
  });

  it('never makes a link of another scheme, a bare host, or markup', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'www.example.org',
      'mailto:a@b.c',
      'ftp://files.example.org',
      '<a href="javascript:alert(1)">x</a>',
      'https://',
      'xhttps://a.org',
      'https://user:pw@a.org',
    ])
      expect(links(text)).toEqual([]);
    expect(textWithLinks('<b>bold</b>')).toEqual([{ kind: 'text', text: '<b>bold</b>' }]);
    expect(links('<a href="https://a.org">x</a>')).toEqual([
      { kind: 'link', text: 'https://a.org', href: 'https://a.org/' },
    ]);
  });

  it('has no pieces for empty text', () => {
    expect(textWithLinks('')).toEqual([]);
  });

  it('safeHref: only web addresses with a host', () => {
    expect(safeHref('HTTPS://A.org')).toBe('https://a.org/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('http://')).toBeNull();
  });

  it('(property) the pieces put together are the text; every link is an http(s) address without spaces', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom('https://', 'http://', 'javascript:', '(', ')', '.', ' ', '<', '"', 'www.'),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        const pieces = textWithLinks(text);
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        for (const [i, p] of pieces.entries()) {
          expect(p.text).not.toBe('');
          if (p.kind === 'text') expect(pieces[i + 1]?.kind).not.toBe('text');
          else {
            expect(p.href).toMatch(/^https?:\/\/[^\s]+$/);
            expect(new URL(p.href).protocol).toMatch(/^https?:$/);
            expect(p.text).not.toMatch(/\s/);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('(property) a web address between spaces is one link', () => {
    fc.assert(
      fc.property(
        fc.webUrl(),
        fc.string().map((s) => s.replace(/\S/g, 'a')),
        (url, before) => {
          const found = links(`${before} ${url} end`);
          expect(found).toHaveLength(1);
        },
      ),
    );
  });
});
