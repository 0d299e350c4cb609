/** CSV as RFC 4180 writes it: comma-separated fields, CRLF line ends, quoted when needed. */

export type CsvValue = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
/**
 * Text a spreadsheet would run as a formula (a player may name themselves `=HYPERLINK(...)`): it is
 * kept as text by a leading apostrophe. Numbers are written as numbers, so `-4` stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
