/**
 * The links' pending actions on any page (`?joinTeam=`, `?startTrial=`, `?invitedby=`: spec,
 * router behaviour): their code loads only when a page's address carries one or this browser
 * keeps one waiting, so a player's first load does not carry the dashboard's calls.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { loadChunk } from './load-chunk';
import {
  INVITED_BY_KEY,
  PENDING_JOIN_KEY,
  PENDING_KEYS,
  PENDING_PARAMS,
  pendingJoinRecord,
  TRIAL_KEY,
} from './pending-actions-keys';

const PendingTeamJoin = lazy(async () => ({
  default: (await loadChunk(() => import('./features/team/pending-join'))).PendingTeamJoin,
}));
const PendingBillingCapture = lazy(async () => ({
  default: (await loadChunk(() => import('./features/billing/pending-capture'))).PendingBillingCapture,
}));

function somethingPending(search: string): boolean {
  const query = new URLSearchParams(search);
  if (PENDING_PARAMS.some((name) => query.has(name))) return true;
  try {
    return PENDING_KEYS.some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * A trial, a referral or a team's join link in the address is kept at once, while the page
 * renders: the home page sends a signed-in instructor on to the dashboard, and the dashboard a
 * visitor to sign up, taking the address's query with them before the pending actions' code has
 * loaded. (A join link kept here is checked when read back: pending-join.tsx.)
 */
function keepLinkParameters(search: string): void {
  const query = new URLSearchParams(search);
  const pack = query.get('startTrial');
  const referrer = query.get('invitedby');
  const join = query.get('joinTeam');
  try {
    if (pack === 'beergame' || pack === 'leangame') localStorage.setItem(TRIAL_KEY, pack);
    if (referrer) localStorage.setItem(INVITED_BY_KEY, referrer);
    if (join) localStorage.setItem(PENDING_JOIN_KEY, pendingJoinRecord(join, Date.now()));
  } catch {
    // Storage refused (private mode): the link acts on this page only.
  }
}

export function PendingActions() {
  const { search } = useLocation();
  useState(() => keepLinkParameters(search));
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!active && somethingPending(search)) setActive(true);
  }, [search, active]);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PendingTeamJoin />
      <PendingBillingCapture />
    </Suspense>
  );
}
