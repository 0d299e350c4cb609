/**
 * Which messages every page loads at once, and which only some pages load, in every language: the
 * dashboard, the settings forms, the templates and the session editor are an instructor's, and so
 * are the account's pages (`account.*`: sign-up, log-in, mail links, set-up, issue 25), and
 * their words (a third of the catalogue) stay out of a player's first load, as do the session
 * follow-up's and responses' (`followUp.*`); the lean game's pages
 * (`lean.*`) load theirs with their code, so the beer game's players never load them; the results
 * pages' words (`debrief.*`, `lean.debrief.*`) load with the debrief, the music player's (`music.*`)
 * with the player (issue 24: a player's first
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
  // Team accounts (issue 27): an instructor's colleagues.
  'team.',
  // Quotes, plans and purchases (issue 27): an instructor buys. /quote, open to anyone, loads
  // them with its code, as the log-in page loads `account.*`.
  'billing.',
  // The help menu, its articles, the feedback form and the operator's list (issue 28): instructors'.
  'help.',
  // The changelog bell (issue 28): on the dashboard's pages only.
  'changelog.',
  // The operators' page (issue 28): error reports and analytics.
  'operator.',
  // The operator's refusals of telemetry (an unknown error group; a report too long is a page's, unseen).
  'telemetry.',
  // The public instructor page (issue 28): open to anyone, it loads them with its code, as /quote does.
  'publicPage.',
];

/**
 * The dashboard's messages that other pages show too: a refused page's or sign-in's message
 * (`dashboard.mess…`), the game page's share link, and the log-in page's failed password reset.
 */
const EVERYONE_S_DASHBOARD_MESSAGES = ['dashboard.mess', 'dashboard.copied', 'dashboard.copyLink'];

/** A plan's refusals that a player joining a game reads (issue 27). */
const EVERYONE_S_BILLING_MESSAGES = ['billing.errPlayerLimit', 'billing.errPlanInactive'];

/**
 * The route messages of the links that wait for an instructor (a purchase, a template, a team's
 * join link, a trial): the dashboard's pages show them, and the links' code loads the
 * instructors' words first.
 */
const INSTRUCTOR_ROUTE_MESSAGES = [
  // A visitor sent to sign up first reads these on the dashboard's (instructor) pages.
  'dashboard.messLoginToAccess',
  'dashboard.messSignupToPurchase',
  'dashboard.messSignupToTemplate',
  // The log-in page's failed password reset: the log-in page loads the instructors' words.
  'dashboard.authEmailNotFound',
  'dashboard.messJoiningTeam',
  'dashboard.messJoinedTeam',
  'dashboard.messSignupToJoinTeam',
  'dashboard.messLoginToStartTrial',
  'dashboard.messStartingTrial',
];

function isInstructorMessage(id: string): boolean {
  if (INSTRUCTOR_ROUTE_MESSAGES.includes(id)) return true;
  if (EVERYONE_S_DASHBOARD_MESSAGES.some((prefix) => id.startsWith(prefix))) return false;
  if (EVERYONE_S_BILLING_MESSAGES.includes(id)) return false;
  return INSTRUCTOR_NAMESPACES.some((namespace) => id.startsWith(namespace));
}

/** The results pages' words: the beer game's debrief and the lean game's. */
const DEBRIEF_NAMESPACES = ['debrief.', 'lean.debrief.'];

/**
 * The front door's words (issue 28): the home page's games, the demo, the leaderboard and the
 * loading redirect. They load with those pages, so a class's pages never carry them.
 */
const FRONT_NAMESPACE = 'front.';

/** The pages whose words load with them, apart from every page's. */
export const MESSAGE_AUDIENCES = ['instructor', 'lean', 'debrief', 'music', 'front'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/** The pages that load the message `id`: every page (null), or one audience's. */
export function messageAudience(id: string): MessageAudience | null {
  if (isInstructorMessage(id)) return 'instructor';
  if (DEBRIEF_NAMESPACES.some((namespace) => id.startsWith(namespace))) return 'debrief';
  // The music player's words load with its code, at the first press of its button (issue 28).
  if (id.startsWith('music.')) return 'music';
  if (id.startsWith(FRONT_NAMESPACE)) return 'front';
  return id.startsWith('lean.') ? 'lean' : null;
}
