/**
 * Which messages every page loads at once, and which only some pages load, in every language: the
 * dashboard, the settings forms, the templates and the session editor are an instructor's, and so
 * are the account's pages (`account.*`: sign-up, log-in, mail links, set-up, issue 25), and
 * their words (a third of the catalogue) stay out of a player's first load, as do the session
 * follow-up's and responses' (`followUp.*`); the lean game's pages
 * (`lean.*`) load theirs with their code, so the beer game's players never load them; the results
 * pages' words (`debrief.*`, `lean.debrief.*`) load with the debrief (issue 24: a player's first
 * load of play, intro, lobby and join ≤ 150 KB in every language). The build splits each
 * `locales/xx.json` by this rule (vite.config.ts); i18n.tsx loads each part for the language shown.
 */
const INSTRUCTOR_NAMESPACES = [
  'account.',
  'dashboard.',
  'gameSettings.',
  'events.',
  'settings.',
  'template.',
  'templates.',
  'sessionTemplate.',
  'sessionEditor.',
  // The follow-up and responses pages: a session's admins' alone.
  'followUp.',
  // The live board's proposals (issue 26): only a game's creator, an instructor, proposes.
  'proposals.',
];

/**
 * The dashboard's messages that other pages show too: a refused page's or sign-in's message
 * (`dashboard.mess…`), the game page's share link, and the log-in page's failed password reset.
 */
const EVERYONE_S_DASHBOARD_MESSAGES = [
  'dashboard.mess',
  'dashboard.copied',
  'dashboard.copyLink',
  'dashboard.authEmailNotFound',
];

function isInstructorMessage(id: string): boolean {
  if (EVERYONE_S_DASHBOARD_MESSAGES.some((prefix) => id.startsWith(prefix))) return false;
  return INSTRUCTOR_NAMESPACES.some((namespace) => id.startsWith(namespace));
}

/** The results pages' words: the beer game's debrief and the lean game's. */
const DEBRIEF_NAMESPACES = ['debrief.', 'lean.debrief.'];

/** The pages whose words load with them, apart from every page's. */
export const MESSAGE_AUDIENCES = ['instructor', 'lean', 'debrief'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** The pages that load the message `id`: every page (null), or one audience's. */
export function messageAudience(id: string): MessageAudience | null {
  if (isInstructorMessage(id)) return 'instructor';
  if (DEBRIEF_NAMESPACES.some((namespace) => id.startsWith(namespace))) return 'debrief';
  return id.startsWith('lean.') ? 'lean' : null;
}
