/**
 * The instructor's own text in a debrief (issue 26: "plain text with links, never raw HTML"): the
 * text is cut into plain pieces and web addresses, which the page draws as text and as links. No
 * piece is ever markup: `<b>` stays the four characters it is.
 *
 * - Only `http://` and `https://` addresses are links (no `javascript:`, `data:`, `mailto:`, bare
 *   `www.`), and only those the URL parser reads with a host.
 * - An address ends at a space or at a character that cannot be in one (`<`, `>`, `"`, a quote
 *   mark...). Punctuation that ends a sentence (`.`, `,`, `;`, `:`, `!`, `?`, a quote) after it is
 *   not part of it, nor a closing bracket that has no opening one inside it ("(see https://a.b/c)").
 * - The pieces put together are the text, character for character.
 */

export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Where an address may start: `http://` or `https://`, not inside a word. */
const ADDRESS = /\bhttps?:\/\/[^\s<>"'`{}|\\^\u00a0\u2028\u2029]+/giu;
const TRAILING = /[.,;:!?'"\u2019\u201d*_~]$/u;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** The address without what closes the sentence around it. */
function trimEnd(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    if (TRAILING.test(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener !== undefined && count(url, last) > count(url, opener)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** The href of an address, or null when it is not a web address with a host. */
export function safeHref(candidate: string): string | null {
  if (!/^https?:\/\//iu.test(candidate)) return null;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return null;
  return parsed.href;
}

/** The text cut into plain pieces and links (see the top of this file). */
export function textWithLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  const plain = (value: string) => {
    if (value === '') return;
    const last = pieces.at(-1);
    if (last?.kind === 'text') last.text += value;
    else pieces.push({ kind: 'text', text: value });
  };
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const url = trimEnd(match[0]);
    const href = url.length > 0 ? safeHref(url) : null;
    if (href === null) continue;
    plain(text.slice(from, match.index));
    pieces.push({ kind: 'link', text: url, href });
    from = match.index + url.length;
  }
  plain(text.slice(from));
  return pieces;
}
