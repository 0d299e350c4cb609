/**
 * A beer game's recorded events as the viewer may see them (`historyForViewer`): the debrief's
 * history (the beer game router's `history`) and the workbook read them here. A player reads them once the game
 * is over, and that reading is when they see the results: it records `ResultsSeen` first, so their
 * answers to the debrief's questions are final before the figures reach them.
 */
import { type BeerEvent, type BeerState, historyForViewer } from '../../src-shared/beergame';
import { eventOf, gameStreamId, type RecordedEvent, upcast } from '../../src-shared/eventsourcing';
import { gameTypes } from '../streams';
import type { Context } from './context';
import { actorOf, type LoadedGame } from './procedures';

export interface BeergameResults {
  /** The events the viewer may see, in order, each with its record (version, time, metadata). */
  events: Array<{ recorded: RecordedEvent; event: BeerEvent }>;
  /** The user each pseudonym of a player's events stands for (empty for the creator). */
  people: ReadonlyMap<string, string>;
}

export async function beergameResults(ctx: Context, game: LoadedGame<BeerState>): Promise<BeergameResults> {
  const { services, user } = ctx;
  const { stream } = gameTypes.beergame;
  const streamId = gameStreamId(game.gameId);
  const isCreator = user !== null && user.id === game.summary.creatorId;
  if (user && !isCreator && !game.state.resultsSeen.includes(user.id))
    // The id names the version read: a retry records once, a game reset and finished again anew.
    await services.commands.execute(
      stream,
      streamId,
      { type: 'SeeResults' },
      {
        now: services.now(),
        actor: actorOf(ctx),
        commandId: `results-seen-${user.id}-${game.version}`,
      },
    );
  // Read afresh rather than the state the procedure may have had cached: the results as stored.
  const recorded = await services.store.readStream(streamId);
  // The events alone: their records' metadata (who sent each command) stay here.
  const { events, people } = historyForViewer(
    recorded.map((r) => eventOf(upcast(stream.upcasters, r) as BeerEvent)),
    user?.id ?? null,
  );
  return {
    events: recorded.flatMap((r, i) => {
      const event = events[i];
      return event ? [{ recorded: r, event }] : [];
    }),
    people,
  };
}
