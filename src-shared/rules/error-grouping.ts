/**
 * Error reports (spec points 1, 8): the provider prefix removed from an error's message, and the
 * fingerprint (normalized message and top stack frame) that groups the reports of one error.
 */

/**
 * The message without its provider's prefix (spec point 8): "Firebase: ", "[better-auth] ",
 * "TRPCClientError: ", "Error: " and a trailing provider code such as " (auth/wrong-password).".
 */
export function withoutProviderPrefix(message: string): string {
  let text = message.trim();
  for (;;) {
    const next = text.replace(/^(\[[\w.-]+\]\s*|[A-Z][\w.-]*(Error|Exception)?:\s+)/, '');
    if (next === text) break;
    text = next;
  }
  text = text.replace(/\s*\((auth|firestore|storage|functions)\/[\w-]+\)\.?$/, '').trim();
  return text || message.trim();
}

/**
 * Whether a browser's message is noise rather than a fault of ours: Chromium's "ResizeObserver loop
 * completed with undelivered notifications" (a layout settling over two frames, harmless) and the
 * opaque "Script error." of another origin's script. Pages do not report them.
 */
export function isBrowserNoise(message: string): boolean {
  return /^ResizeObserver loop\b/.test(message.trim()) || message.trim() === 'Script error.';
}

/**
 * A message with what varies between reports of one error replaced: ids, numbers, quoted values
 * and addresses, so that "game 4f2c… not found" and "game 9a1b… not found" group together.
 */
export function normalizeMessage(message: string): string {
  return withoutProviderPrefix(message)
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/(["'`]).*?\1/g, '<value>')
    .replace(/\b[0-9a-f]*\d[0-9a-f]*\b/gi, '<n>')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
}

/**
 * The first frame of a stack that names a place, without its line's column and the build's hash,
 * or '' when there is none: "at boom (/assets/play-3f9a2c.js:12:7)" is "boom (/assets/play.js)".
 */
export function topFrame(stack: string | null | undefined): string {
  for (const raw of (stack ?? '').split('\n')) {
    const line = raw.trim();
    const place = line.startsWith('at ') ? line.slice(3) : line.includes('@') ? line : '';
    if (!place) continue;
    return place
      .replace(/[a-z]+:\/\/[^/\s)]+/gi, '')
      .replace(/[-.][0-9a-zA-Z_]{8}(\.m?js)/, '$1')
      .replace(/(:\d+)+\)?$/, (end) => (end.endsWith(')') ? ')' : ''))
      .slice(0, 200);
  }
  return '';
}

/** FNV-1a, 32 bits, as 8 hex digits: a fingerprint short enough to key a group. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value.toString(16).padStart(8, '0');
}

/** The group of an error: where it comes from, its normalized message and its top stack frame. */
export function errorFingerprint(report: { source: string; message: string; stack?: string | null }): string {
  return `${report.source}-${hash(`${normalizeMessage(report.message)}\n${topFrame(report.stack)}`)}`;
}
