import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  type Followed,
  followedOnArrival,
  followMove,
  type PlayerPage,
} from '../../../src-shared/session/follow';
import type { SessionView } from '../../../src-shared/session/view';
import { paths } from '../../paths';
import { toastMessage } from '../../ui/notify';
import { useSessionLabels } from './lobby-labels';

/** A notice that moves a player stays longer than a plain toast: it explains why the page changed. */
const NOTICE_MS = 6_000;

const storageKey = (sessionId: string) => `simgames.followed.${sessionId}`;

/** What this browser tab followed of the session last (any of its pages), or null on a first visit. */
function readFollowed(sessionId: string): Followed | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(sessionId)) ?? 'null') as Followed | null;
    return stored && Number.isInteger(stored.round) && typeof stored.started === 'boolean' ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Takes a session's player along when the class moves on (src-shared/session/follow.ts): a round
 * that opens or starts moves them from `page` to their game, with a notice saying why.
 */
export function useFollowRounds(view: SessionView | null, page: PlayerPage) {
  const intl = useIntl();
  const navigate = useNavigate();
  const labels = useSessionLabels(view ?? { teamNames: [], localeLabels: { team: '', round: '' } });
  const latest = useRef({ view, page, intl, navigate, roundLabel: labels.roundLabel });
  latest.current = { view, page, intl, navigate, roundLabel: labels.roundLabel };
  // Only these move anyone: the round, its start, the player's seat in it, and the page they are on.
  const trigger =
    view && !view.isAdmin
      ? JSON.stringify([view.sessionId, view.currentRound, view.started, view.me?.gameId, page])
      : null;
  useEffect(() => {
    const { view, page, intl, navigate, roundLabel } = latest.current;
    if (trigger === null || !view) return;
    const followed = readFollowed(view.sessionId) ?? followedOnArrival(view, page);
    const move = followMove(view, page, followed);
    const now: Followed = { round: view.currentRound, started: view.started };
    sessionStorage.setItem(storageKey(view.sessionId), JSON.stringify(now));
    if (!move) return;
    const values = { label: roundLabel, number: move.roundNumber };
    if (move.to === 'lobby') {
      toastMessage(intl, 'session.follow.chooseSeat', 'blue', NOTICE_MS, values);
      navigate(paths.session(view.sessionId, 'lobby'));
      return;
    }
    // A lean round has no orders to place: its players go to their station.
    const lean = move.why === 'started' && view.rounds[move.roundNumber - 1]?.gameType === 'leangame';
    toastMessage(
      intl,
      lean ? 'session.follow.startedLean' : `session.follow.${move.why}`,
      'blue',
      NOTICE_MS,
      values,
    );
    navigate(paths.game(move.gameId, move.stage));
  }, [trigger]);
}
