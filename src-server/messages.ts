/**
 * The product's messages on the server, for what it writes in a person's language itself (a
 * workbook, the name of a copy): the locale files the client uses, read once per process.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../src-shared/rules/locale';
import { projectRoot } from './project-root';

export type Messages = Record<string, string>;

const catalogues = new Map<Locale, Promise<Messages>>();

/** A language's messages over the English ones (read once per process). */
export function messagesIn(locale: Locale): Promise<Messages> {
  let messages = catalogues.get(locale);
  if (!messages) {
    const read = async (code: Locale) =>
      JSON.parse(await readFile(path.join(projectRoot, 'locales', `${code}.json`), 'utf8')) as Messages;
    messages = Promise.all([read('en'), read(locale)]).then(([english, chosen]) => ({
      ...english,
      ...chosen,
    }));
    catalogues.set(locale, messages);
  }
  return messages;
}
