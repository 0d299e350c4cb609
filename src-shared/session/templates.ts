/**
 * The default session templates (spec point 9: 14 of them): teaching plans of several rounds, each
 * round one game template with a few parameters changed, named by message ids the client
 * translates. And the setup a new session starts from when an instructor picks one.
 */
import { BEERGAME_TEMPLATES, type BeerTemplateId } from '../beergame/templates';
import { DEFAULT_TEAM_COUNT } from './constants';
import type { SessionConfigInput, SessionSetupInput } from './schemas';

export interface SessionRoundTemplate {
  /** message ids of the round's name and description */
  nameId: string;
  descriptionId: string;
  gameType: 'beergame' | 'leangame';
  /** the game template the round plays: a BEERGAME_TEMPLATES id, or a lean scenario id */
  gameTemplate: string;
  /** beer game params laid over the template's config (weeks, transparent, playTimer, timer, configMessages...) */
  overrides?: Record<string, unknown>;
  /**
   * Messages every player of the round receives in a given week, by message id: they are
   * translated with the session's language when the setup is made, so they cannot sit in
   * `overrides` as text.
   */
  messages?: readonly { week: number; messageId: string }[];
}

export interface SessionTemplate {
  id: string;
  type: 'beergame' | 'leangame';
  titleId: string;
  descriptionId: string;
  teamCount: number;
  config?: SessionConfigInput;
  rounds: SessionRoundTemplate[];
}

/** A round played on the beer game template `gameTemplate`, named by `sessionTemplate.round.<key>`. */
function beerRound(
  key: string,
  gameTemplate: BeerTemplateId,
  extra: Pick<SessionRoundTemplate, 'overrides' | 'messages'> = {},
): SessionRoundTemplate {
  return {
    nameId: `sessionTemplate.round.${key}`,
    descriptionId: `sessionTemplate.round.${key}Description`,
    gameType: 'beergame',
    gameTemplate,
    ...extra,
  };
}

function leanRound(key: string, scenario: string): SessionRoundTemplate {
  return {
    nameId: `sessionTemplate.round.${key}`,
    descriptionId: `sessionTemplate.round.${key}Description`,
    gameType: 'leangame',
    gameTemplate: scenario,
  };
}

function session(
  id: string,
  rounds: SessionRoundTemplate[],
  options: { teamCount?: number; config?: SessionConfigInput } = {},
): SessionTemplate {
  const type = rounds[0]!.gameType;
  return {
    id,
    type,
    titleId: `sessionTemplate.${id}`,
    descriptionId: `sessionTemplate.${id}Description`,
    teamCount: options.teamCount ?? DEFAULT_TEAM_COUNT,
    ...(options.config ? { config: options.config } : {}),
    rounds,
  };
}

const classic = beerRound('classic', 'classic');

/** Spec point 9's 14 session templates: 12 beer game plans and 2 lean game plans. */
export const SESSION_TEMPLATES: readonly SessionTemplate[] = [
  // One round and no lobby between rounds: players go straight to their game.
  session('classicSingle', [classic], { config: { teamComposition: 'nolobby' } }),
  session('warmUpThenClassic', [beerRound('warmUp', 'short'), classic]),
  session('blindThenTransparent', [classic, beerRound('transparent', 'transparent')]),
  // The same game twice; only what players are told they may do changes.
  session('silentThenTalking', [
    beerRound('silent', 'classic', { messages: [{ week: 1, messageId: 'sessionTemplate.message.silent' }] }),
    beerRound('talking', 'classic', {
      messages: [{ week: 1, messageId: 'sessionTemplate.message.talking' }],
    }),
  ]),
  session('classicThenVariability', [classic, beerRound('variability', 'leadtimeVariability')]),
  // Players keep their team; stages without a player are ordered by the computer.
  session('chainLength', [
    beerRound('twoStages', 'twoStages'),
    classic,
    beerRound('eightStages', 'eightStages'),
  ]),
  session('rationing', [
    beerRound('proportionalAllocation', 'severalClients', { overrides: { manualAllocation: false } }),
    beerRound('manualAllocation', 'severalClients'),
  ]),
  session('classicThenTwoProducts', [classic, beerRound('twoProducts', 'severalProducts')]),
  session('backlogThenLostSales', [classic, beerRound('lostSales', 'lostSales')]),
  // Short games, so that both rounds fit in one class period.
  session('pressureThenRelaxed', [
    beerRound('timePressure', 'short', { overrides: { playTimer: true, timer: 20 } }),
    beerRound('relaxed', 'short', { overrides: { playTimer: false } }),
  ]),
  session('demandStepThenVisibility', [classic, beerRound('visibility', 'visibility')]),
  // New teams each round: if every team still swings, the structure is to blame, not the people.
  session(
    'shuffledTournament',
    [beerRound('shuffled', 'classic'), beerRound('shuffled', 'classic'), beerRound('shuffled', 'classic')],
    { teamCount: 6, config: { teamComposition: 'shuffle' } },
  ),
  session('leanBeforeAfter', [
    leanRound('leanFactory', 'factory7-choose'),
    leanRound('leanFactoryLean', 'factory7-lean'),
  ]),
  session('leanWorkshopThenFactory', [
    leanRound('leanWorkshop', 'workshop4-choose'),
    leanRound('leanFactory', 'factory7-choose'),
  ]),
];

export const sessionTemplate = (id: string): SessionTemplate | undefined =>
  SESSION_TEMPLATES.find((template) => template.id === id);

/** A beer round's game configuration: the template's, with the overrides and translated messages. */
function beerRoundConfig(round: SessionRoundTemplate, t: (id: string) => string): Record<string, unknown> {
  // An own property only: `toString` and its kin are no templates.
  if (!Object.hasOwn(BEERGAME_TEMPLATES, round.gameTemplate))
    throw new Error(`no beer game template ${round.gameTemplate}`);
  const make = BEERGAME_TEMPLATES[round.gameTemplate as BeerTemplateId];
  const config: Record<string, unknown> = { ...make(), ...round.overrides };
  if (round.messages?.length) {
    const scheduleList = round.messages.map((m) => ({ week: m.week, to: 'all', message: t(m.messageId) }));
    config.configMessages = { scheduleList, backlogMessage: null, stockMessage: null };
  }
  return config;
}

/**
 * The setup a new session starts from: round names/descriptions translated with `t` (a message
 * lookup by id), round ids 'r1','r2',..., each beer round's config = BEERGAME_TEMPLATES[gameTemplate]()
 * with overrides laid over it (shallow); lean rounds config = { scenario: gameTemplate }.
 */
export function sessionSetupFromTemplate(
  template: SessionTemplate,
  t: (id: string) => string,
  name: string,
): SessionSetupInput {
  return {
    name,
    ...(template.config ? { config: { ...template.config } } : {}),
    rounds: template.rounds.map((round, i) => ({
      id: `r${i + 1}`,
      name: t(round.nameId),
      description: t(round.descriptionId),
      gameType: round.gameType,
      config: round.gameType === 'beergame' ? beerRoundConfig(round, t) : { scenario: round.gameTemplate },
    })),
    teamCount: template.teamCount,
  };
}
