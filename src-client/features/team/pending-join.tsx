import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import {
  joinTeamParts,
  PENDING_ERROR_DELAY_MS,
  type PendingJoinPage,
  pendingJoinStep,
  readPendingJoin,
  withoutJoinTeam,
} from '../../../src-shared/rules/pending-join';
import { useCurrentUser } from '../../auth';
import { loadInstructorMessages } from '../../i18n';
import { paths, patterns } from '../../paths';
import { pendingJoinRecord, PENDING_JOIN_KEY as STORAGE_KEY } from '../../pending-actions-keys';
import { newCommandId, trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';
import { teamJoined } from './joined';

function readStored() {
  try {
    return readPendingJoin(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}
function store(value: string) {
  try {
    localStorage.setItem(STORAGE_KEY, pendingJoinRecord(value, Date.now()));
  } catch {
    // Storage refused (private mode): the dashboard's remembered address still carries the link.
  }
}
function forget() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** The link's value already taken in hand on this page: the address may still show it a moment. */
let taken: string | null = null;

const ACCOUNT_PAGES: string[] = [patterns.login, patterns.signup, patterns.authAction, patterns.setupAccount];
const pageKind = (pathname: string): PendingJoinPage => {
  if (ACCOUNT_PAGES.includes(pathname)) return 'account';
  return pathname === patterns.dashboard || pathname.startsWith(`${patterns.dashboard}/`)
    ? 'instructor'
    : 'other';
};

/**
 * A team's join link (`?joinTeam=<teamId>.<token>`) on any page: stored at once, and acted on once
 * its visitor is a set-up instructor (spec, router behaviour and pending actions): "Joining the
 * team…", the join, then the dashboard's subscription tab shows the team; a refusal shows after
 * 500 ms. The stored link is forgotten either way. A visitor without an account is sent to sign up
 * by the dashboard, which says why (`dashboard.messSignupToJoinTeam`) and brings them back here.
 */
export function PendingTeamJoin() {
  const { user, pending } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const latestIntl = useRef(intl);
  latestIntl.current = intl;
  const utils = trpc.useUtils();
  // The client of the identity signed in when the join answers: signing up swaps the page's client
  // (main.tsx), and the members list then reads through the new one.
  const latestUtils = useRef(utils);
  latestUtils.current = utils;
  const inAddress = new URLSearchParams(location.search).get('joinTeam');

  useEffect(() => {
    if (inAddress && inAddress !== taken && joinTeamParts(inAddress)) store(inAddress);
    const stored = readStored();
    const page = pageKind(location.pathname);
    const step = pendingJoinStep({
      stored,
      user: pending ? 'checking' : user,
      page,
      inAddress: inAddress !== null,
      now: Date.now(),
    });
    if (step === 'drop') forget();
    if (step === 'signUpFirst' && stored)
      navigate(`${paths.dashboard('subscription')}?joinTeam=${encodeURIComponent(stored.value)}`, {
        replace: true,
      });
    if (step !== 'run' || !stored) return;
    forget();
    taken = stored.value;
    if (inAddress !== null)
      navigate({ ...location, search: withoutJoinTeam(location.search) }, { replace: true });
    const link = joinTeamParts(stored.value)!;
    // The toasts' words are an instructor's: loaded first (the page may be anyone's).
    const words = loadInstructorMessages().catch(() => undefined);
    void words.then(() => toastMessage(latestIntl.current, 'dashboard.messJoiningTeam'));
    utils.client.team.join
      .mutate({ ...link, commandId: newCommandId() })
      .then(async (joined) => {
        const current = latestUtils.current;
        await Promise.all([current.team.mine.invalidate(), current.billing.status.invalidate(), words]);
        teamJoined.dispatchEvent(new Event('joined'));
        if (page !== 'instructor' || !location.pathname.endsWith('/subscription'))
          navigate(paths.dashboard('subscription'));
        toastMessage(latestIntl.current, 'dashboard.messJoinedTeam', 'green', undefined, {
          name: joined.name,
        });
      })
      .catch(async (error: unknown) => {
        await words;
        setTimeout(() => toastError(latestIntl.current, error), PENDING_ERROR_DELAY_MS);
      });
  }, [inAddress, location, pending, user, navigate, utils]);
  return null;
}
