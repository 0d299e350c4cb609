/**
 * The changelog the dashboard's bell shows (spec point 2, "a changelog bell"): what shipped, newest
 * first, one entry per change an instructor notices. Each entry's title is the message
 * `changelog.<id>` in every language (locales/*.json); its date is the day it reached `main`
 * (git log). A new entry goes on top with a new id: the bell counts the entries above the last one
 * this browser saw.
 */
export interface ChangelogEntry {
  id: string;
  /** The day it shipped, YYYY-MM-DD. */
  date: string;
}

export const CHANGELOG: readonly ChangelogEntry[] = [
  { id: 'musicPlayer', date: '2026-11-27' },
  { id: 'teams', date: '2026-11-27' },
  { id: 'signIn', date: '2026-11-27' },
  { id: 'yourData', date: '2026-11-27' },
  { id: 'debriefs', date: '2026-11-27' },
  { id: 'leanTemplates', date: '2026-11-27' },
  { id: 'classSessions', date: '2026-11-26' },
  { id: 'leanGame', date: '2026-11-23' },
];
