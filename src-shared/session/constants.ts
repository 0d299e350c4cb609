/** Named constants of sessions (spec points 3 and 9): a class of several rounds and teams. */

/** Bump when a rule changes the outcome of the same events (recorded in every session event). */
export const SESSION_RULES_VERSION = 1;

/**
 * How players move between rounds (spec point 3, `teamComposition`): `maintainall` keeps every
 * team's players and seats; `shuffle` deals the players to new teams each round (teaching that the
 * structure, not the people, makes the bullwhip); `nolobby` sends players straight to their game.
 */
export const TEAM_COMPOSITIONS = ['maintainall', 'shuffle', 'nolobby'] as const;
export type TeamComposition = (typeof TEAM_COMPOSITIONS)[number];

/** Who presents the instructions (spec point 3, `instructionsMode`). */
export const INSTRUCTIONS_MODES = ['hostvideo-playerslides', 'hostslides', 'playerslides', 'none'] as const;
export type InstructionsMode = (typeof INSTRUCTIONS_MODES)[number];

/** What players see of their debrief (spec point 3, `debriefingMode`). */
export const DEBRIEFING_MODES = ['access', 'noaccess'] as const;
export type DebriefingMode = (typeof DEBRIEFING_MODES)[number];

/** Who may play the session's audio (spec point 6, "Audio player"). */
export const AUDIO_PLAYERS = ['instructor', 'player'] as const;
export type AudioPlayer = (typeof AUDIO_PLAYERS)[number];

/** The size of a class this product serves at once: 250 teams of 4 is 1,000 players. */
export const SESSION_LIMITS = {
  rounds: { min: 1, max: 10 },
  teams: { min: 1, max: 250 },
  name: 120,
  roundName: 80,
  description: 2000,
  teamName: 40,
  label: 30,
} as const;

/** The teams a new session starts with when nothing says otherwise (a class of about 20). */
export const DEFAULT_TEAM_COUNT = 5;

/** Spec point 9: 14 default session templates. */
export const SESSION_TEMPLATE_COUNT = 14;
