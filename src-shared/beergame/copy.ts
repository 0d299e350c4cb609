/**
 * Game copy (spec point 4, "Game copy"): a copy is a new game created from the original's
 * parameters: not finished, not archived, no session, no players; week 0 (the new game starts
 * at week 1 from its start metrics: stock, backlog, cost and revenue); no validated orders; the
 * automatic messages' `sentTo` lists emptied. Everything else is kept as it stands: map (size,
 * decoration cells `bckCells`, `invertedFlows`, facility positions, `icon`, `visual`), debrief
 * configuration, scheduled changes and messages, transparency and the turn timer (`playTimer`,
 * `timer`; a copy's timer runs once its seats are filled). The naming rule lives in src-shared/rules.
 */
import type { BeerCommand, BeerConfig } from './schemas';
import type { BeerState } from './state';

/** The configuration input of a copy of `config`. */
export function configForCopy(
  config: BeerConfig,
  transparent = config.transparent,
  timer: { playTimer: boolean; seconds: number } = { playTimer: config.playTimer, seconds: config.timer },
): Record<string, unknown> {
  const { demand: _demand, facilities, configMessages, ...rest } = config;
  return {
    ...rest,
    transparent,
    playTimer: timer.playTimer,
    timer: timer.seconds,
    configMessages: {
      scheduleList: configMessages.scheduleList,
      backlogMessage: configMessages.backlogMessage ? { ...configMessages.backlogMessage, sentTo: [] } : null,
      stockMessage: configMessages.stockMessage ? { ...configMessages.stockMessage, sentTo: [] } : null,
    },
    facilities: facilities.map(
      ({ startMetrics, policy, client_id: _c, clients: _cl, supplier_id: _s, ...f }) => ({
        ...f,
        startMetrics: { cost: startMetrics.cost, revenue: startMetrics.revenue },
        ...(policy !== null ? { policy } : {}),
      }),
    ),
  };
}

/** The CreateGame command of a copy of the game in `state`. */
export function copyGameCommand(
  state: BeerState,
  copy: { gameId: string; name: string; creatorId: string; seed: number },
): Extract<BeerCommand, { type: 'CreateGame' }> {
  return {
    type: 'CreateGame',
    ...copy,
    config: configForCopy(state.config, state.transparent, {
      playTimer: state.playTimer,
      seconds: state.timerSeconds,
    }),
  };
}
