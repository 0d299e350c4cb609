import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { parseInvitedBy } from '../../../src-shared/rules/referral';
import { useCurrentUser } from '../../auth';
import { loadInstructorMessages } from '../../i18n';
import { paths, patterns } from '../../paths';
import { trpc } from '../../trpc';
import { toastMessage } from '../../ui/notify';
import { INVITED_BY_KEY, isTrialPack, TRIAL_KEY } from './pending-keys';

/**
 * The commerce links' actions, on any page (spec, router behaviour): `?startTrial=<game type>` is
 * kept until the visitor is an instructor (a visitor signed out is told to log in first; the
 * dashboard starts it), and `?invitedby=<user id>` until the visitor has an account, whose
 * referrer it then records once (account.recordReferral), then forgets.
 */
export function PendingBillingCapture() {
  const { pathname, search } = useLocation();
  const { user, pending } = useCurrentUser();
  const intl = useIntl();
  const latestIntl = useRef(intl);
  latestIntl.current = intl;
  const navigate = useNavigate();
  const recordReferral = trpc.account.recordReferral.useMutation();
  const instructor = isInstructor(user);

  useEffect(() => {
    const query = new URLSearchParams(search);
    const invitedBy = parseInvitedBy(query.get('invitedby'));
    if (invitedBy) localStorage.setItem(INVITED_BY_KEY, invitedBy);
  }, [search]);

  // The dashboard starts a trial itself (usePendingTrial); elsewhere it waits for an instructor.
  useEffect(() => {
    if (pending || pathname.startsWith(patterns.dashboard)) return;
    const pack = new URLSearchParams(search).get('startTrial');
    if (!isTrialPack(pack)) return;
    localStorage.setItem(TRIAL_KEY, pack);
    if (instructor) navigate(paths.dashboard('subscription'));
    // The message is an instructor's: its words load first (the page may be anyone's).
    else
      void loadInstructorMessages().then(() =>
        toastMessage(latestIntl.current, 'dashboard.messLoginToStartTrial'),
      );
  }, [pending, instructor, pathname, search, navigate]);

  const { mutate } = recordReferral;
  useEffect(() => {
    if (pending || !instructor) return;
    const referrerId = parseInvitedBy(localStorage.getItem(INVITED_BY_KEY));
    if (!referrerId) return localStorage.removeItem(INVITED_BY_KEY);
    localStorage.removeItem(INVITED_BY_KEY);
    mutate({ referrerId });
  }, [pending, instructor, mutate]);

  return null;
}
