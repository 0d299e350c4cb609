/**
 * A game's recorded events as one viewer may see them (the history of the debrief's replay and of
 * the workbook): the same rules as the live view (view.ts), applied to the events. The creator sees
 * every event as recorded. A player (they get the history once the game is over) sees every role's
 * figures, for the game is over, and no more than the view showed them or the game revealed:
 * - no expected answers (`withoutExpectedAnswers`), and only their own answers;
 * - only the messages meant for them (`meantFor`), and only those the game reached the week of;
 * - of the configuration, no demand beyond the weeks the game reached, no scheduled change that
 *   never took effect, no automatic message's text their facility never got;
 * - another role's orders as sent at a week's close (not those it replaced), the instructor's
 *   proposals to their own role only;
 * - seats instead of user ids (rules/seat-pseudonyms.ts).
 * The folded events still give every figure the engine gave: what is left out changes no week.
 */
import { SeatPseudonyms } from '../rules/seat-pseudonyms';
import type { BeerEvent, BeerEventOf } from './events';
import { evolve } from './evolve';
import type { BeerConfig, ScheduledChange } from './schemas';
import { type BeerState, initialBeerState } from './state';
import { meantFor, withoutExpectedAnswers } from './view';

export interface HistoryForViewer {
  /** Each event as the viewer may see it, in the recorded order; null where they may not see it. */
  events: Array<BeerEvent | null>;
  /** The user each pseudonym stands for, for the server to look up names: never sent to anyone. */
  people: ReadonlyMap<string, string>;
}

/** What the whole game tells about one player's view of its events. */
interface Facts {
  viewerId: string | null;
  /** The viewer's facility at the end; null without a seat. */
  mine: string | null;
  /** The furthest week the game reached (its demand was revealed, its changes took effect). */
  reached: number;
  /** The indexes of the `OrderPlaced` events that were sent at a week's close. */
  sent: Set<number>;
  /** The scheduled changes that took effect (by object: the events' own). */
  effective: Set<ScheduledChange>;
  /** The change each `ChangeCancelled` cancelled, by the event's index. */
  cancelled: Map<number, ScheduledChange>;
  /** The automatic messages (`backlog`, `stock`) each facility got, as kind and facility id. */
  automatic: Set<string>;
}

export function historyForViewer(events: readonly BeerEvent[], viewerId: string | null): HistoryForViewer {
  const facts = factsOf(events, viewerId);
  const created = events.find((e) => e.type === 'GameCreated');
  const creatorId = created?.type === 'GameCreated' ? created.data.creatorId : null;
  if (viewerId !== null && viewerId === creatorId) return { events: [...events], people: new Map() };
  const pseudonyms = new SeatPseudonyms(creatorId);
  return {
    events: events.map((event, index) => redacted(event, index, facts, pseudonyms)),
    people: pseudonyms.people,
  };
}

/** Folds the game once to learn what it reached, which orders left, which changes took effect. */
function factsOf(events: readonly BeerEvent[], viewerId: string | null): Facts {
  const facts: Facts = {
    viewerId,
    mine: null,
    reached: 0,
    sent: new Set(),
    effective: new Set(),
    cancelled: new Map(),
    automatic: new Set(),
  };
  // The order standing for each facility and capability: the one a close sends.
  const standing = new Map<string, number>();
  let s: BeerState = initialBeerState;
  events.forEach((event, index) => {
    if (event.type === 'OrderPlaced')
      standing.set(`${event.data.facilityId}\u0000${event.data.capabilityId}`, index);
    if (event.type === 'WeekClosed') for (const sent of standing.values()) facts.sent.add(sent);
    // A close sends the orders; a reset or new settings drop them with the rest of the play.
    if (['WeekClosed', 'GameReset', 'StartingOrdersReset', 'GameConfigured'].includes(event.type))
      standing.clear();
    if (event.type === 'ChangeCancelled') {
      const change = s.config.scheduledChanges.find((c) => c.id === event.data.changeId);
      if (change) facts.cancelled.set(index, change);
    }
    const before = s;
    s = evolve(s, event);
    facts.reached = Math.max(facts.reached, s.week);
    if (s.week !== before.week || s.config !== before.config)
      for (const change of s.config.scheduledChanges) if (change.week <= s.week) facts.effective.add(change);
    if (s.messages !== before.messages)
      for (const m of s.messages)
        if ((m.kind === 'backlog' || m.kind === 'stock') && m.to !== 'all')
          for (const fid of m.to) facts.automatic.add(`${m.kind}\u0000${fid}`);
  });
  facts.mine = viewerId === null ? null : (s.facilities.find((f) => f.userId === viewerId)?.id ?? null);
  return facts;
}

/** One event as the viewer may see it, or null. */
function redacted(event: BeerEvent, index: number, facts: Facts, names: SeatPseudonyms): BeerEvent | null {
  switch (event.type) {
    case 'GameCreated': {
      const { data } = event;
      const creatorId = names.of(data.creatorId, '');
      return { type: event.type, data: { ...data, creatorId, config: configFor(data.config, facts) } };
    }
    case 'GameConfigured':
      return { type: event.type, data: { ...event.data, config: configFor(event.data.config, facts) } };
    case 'RoleJoined':
    case 'RoleLeft':
    case 'RoleTakenBack':
    case 'OrderPlaced':
      return seatEvent(event, index, facts, names);
    case 'OrderProposed':
      return event.data.facilityId === facts.mine ? event : null;
    case 'MessageSent':
      return event.data.week <= facts.reached && meantFor(event.data, facts.mine) ? event : null;
    case 'ChangeScheduled':
      return facts.effective.has(event.data.change) ? event : null;
    case 'ChangeCancelled': {
      const change = facts.cancelled.get(index);
      return change && facts.effective.has(change) ? event : null;
    }
    case 'DebriefQuestionAnswered':
    case 'ResultsSeen':
      return ownEvent(event, facts, names);
    case 'DebriefConfigured':
      return {
        ...event,
        data: { ...event.data, configDebrief: withoutExpectedAnswers(event.data.configDebrief) },
      };
    default:
      return event;
  }
}

type SeatEvent = BeerEventOf<'RoleJoined' | 'RoleLeft' | 'RoleTakenBack' | 'OrderPlaced'>;

/** A seat's event with its person's pseudonym; another role's order only if it was sent. */
function seatEvent(event: SeatEvent, index: number, facts: Facts, names: SeatPseudonyms): BeerEvent | null {
  const { data } = event;
  if (event.type === 'OrderPlaced' && data.facilityId !== facts.mine && !facts.sent.has(index)) return null;
  if (data.userId === null) return event;
  return { ...event, data: { ...data, userId: names.of(data.userId, data.facilityId) } } as BeerEvent;
}

/** The viewer's own answer or opening of the results, with their pseudonym; anyone else's is theirs. */
function ownEvent(
  event: BeerEventOf<'DebriefQuestionAnswered' | 'ResultsSeen'>,
  facts: Facts,
  names: SeatPseudonyms,
): BeerEvent | null {
  const { data } = event;
  if (data.userId !== facts.viewerId) return null;
  const seat = 'facilityId' in data ? data.facilityId : (facts.mine ?? '');
  return { ...event, data: { ...data, userId: names.of(data.userId, seat) } } as BeerEvent;
}

/** A configuration as a player may see it once the game is over (see the top of this file). */
function configFor(config: BeerConfig, facts: Facts): BeerConfig {
  const weeks = (demand: number[]) => demand.slice(0, facts.reached);
  const { configMessages } = config;
  const got = (kind: 'backlog' | 'stock', m: BeerConfig['configMessages']['backlogMessage']) =>
    m && !facts.automatic.has(`${kind}\u0000${facts.mine}`) ? { ...m, message: '' } : m;
  return {
    ...config,
    consumerDemand: weeks(config.consumerDemand),
    productsConsumerDemand: config.productsConsumerDemand.map((d) => ({ ...d, demand: weeks(d.demand) })),
    demand: config.demand.map((d) => ({ ...d, demand: weeks(d.demand) })),
    scheduledChanges: config.scheduledChanges.filter((c) => facts.effective.has(c)),
    configMessages: {
      scheduleList: configMessages.scheduleList.filter(
        (m) => m.week <= facts.reached && meantFor(m, facts.mine),
      ),
      backlogMessage: got('backlog', configMessages.backlogMessage),
      stockMessage: got('stock', configMessages.stockMessage),
    },
    configDebrief: withoutExpectedAnswers(config.configDebrief),
  };
}
