import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';
import { isTrialPack, TRIAL_KEY } from './pending-keys';

/** A trial's refusal shows a moment after "starting your trial" (spec: 500 ms). */
const TRIAL_ERROR_DELAY_MS = 500;

/**
 * On the dashboard (an instructor's): the trial asked for by `?startTrial=` in the address or kept
 * from before the log-in, started once: "starting your trial", then the ready game, or the refusal.
 */
export function usePendingTrial() {
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const utils = trpc.useUtils();
  const { mutate } = trpc.billing.startTrial.useMutation();
  const started = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(search);
    const fromAddress = query.get('startTrial');
    const pack = isTrialPack(fromAddress) ? fromAddress : localStorage.getItem(TRIAL_KEY);
    localStorage.removeItem(TRIAL_KEY);
    if (fromAddress !== null) {
      query.delete('startTrial');
      navigate({ search: query.toString(), hash }, { replace: true });
    }
    if (!isTrialPack(pack) || started.current) return;
    started.current = true;
    toastMessage(intl, 'dashboard.messStartingTrial');
    mutate(
      { pack, commandId: newCommandId() },
      {
        onSuccess: ({ gameName, gameId }) => {
          toastMessage(intl, 'billing.trialStarted', 'teal', undefined, { gameName });
          void utils.billing.status.invalidate();
          navigate(paths.game(gameId, 'intro'));
        },
        onError: (error) => setTimeout(() => toastError(intl, error), TRIAL_ERROR_DELAY_MS),
      },
    );
  }, [search, hash, navigate, intl, mutate, utils]);
}
