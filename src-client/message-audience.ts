/**
 * Which English messages every page loads at once, and which only some pages load: the dashboard,
 * the settings forms, the templates and the session editor are an instructor's, and their words (a
 * third of the catalogue) stay out of a player's first load (issue 9's budget of a player's page);
 * the lean game's pages (`lean.*`) load theirs with their code, so the beer game's players never
 * load them. The build splits `locales/en.json` by this rule (vite.config.ts); other languages
 * load whole, on demand.
 */
const INSTRUCTOR_NAMESPACES = [
  'dashboard.',
  'gameSettings.',
  'events.',
  'settings.',
  'template.',
  'templates.',
  'sessionTemplate.',
  'sessionEditor.',
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

/** The pages whose English words load with them, apart from every page's. */
export const MESSAGE_AUDIENCES = ['instructor', 'lean'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** The pages that load the message `id`: every page (null), or one audience's. */
export function messageAudience(id: string): MessageAudience | null {
  if (isInstructorMessage(id)) return 'instructor';
  return id.startsWith('lean.') ? 'lean' : null;
}
