import { useIntl } from 'react-intl';
import type { LeanPanelCommand, LeanWorkCommand } from '../../../src-shared/api/leangame';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { toastError } from '../../ui/notify';

/**
 * The lean game's commands, each with a fresh command id per action; a request that got no answer
 * is sent again with the same id (applied once), a refusal shows its message as a toast.
 */
const retry = { retry: retryUnanswered(5), retryDelay: 1000 } as const;

/** A facility's floor work. */
export function useLeanWork(view: LeanGameView) {
  const intl = useIntl();
  const work = trpc.leangame.work.useMutation({ ...retry, onError: (error) => toastError(intl, error) });
  return {
    send: (command: LeanWorkCommand) =>
      work.mutate({ gameId: view.gameId, commandId: newCommandId(), command }),
    pending: work.isPending,
  };
}

/** The improvements panel: open, close, and its settings. */
export function useLeanPanel(view: LeanGameView) {
  const intl = useIntl();
  const onError = (error: unknown) => toastError(intl, error);
  const open = trpc.leangame.openPanel.useMutation({ ...retry, onError });
  const close = trpc.leangame.closePanel.useMutation({ ...retry, onError });
  const panel = trpc.leangame.panel.useMutation({ ...retry, onError });
  const ids = () => ({ gameId: view.gameId, commandId: newCommandId() });
  return {
    open: () => open.mutate(ids()),
    close: () => close.mutate(ids()),
    send: (command: LeanPanelCommand) => panel.mutate({ ...ids(), command }),
    pending: open.isPending || close.isPending || panel.isPending,
  };
}

/** The creator's controls: the round's length, start, end, reset, hand a seat to the computer. */
export function useLeanControls(view: LeanGameView) {
  const intl = useIntl();
  const onError = (error: unknown) => toastError(intl, error);
  const roundLength = trpc.leangame.setRoundLength.useMutation({ ...retry, onError });
  const start = trpc.leangame.start.useMutation({ ...retry, onError });
  const end = trpc.leangame.end.useMutation({ ...retry, onError });
  const reset = trpc.leangame.reset.useMutation({ ...retry, onError });
  const leave = trpc.leangame.leave.useMutation({ ...retry, onError });
  const ids = () => ({ gameId: view.gameId, commandId: newCommandId() });
  return {
    setRoundLength: (minutes: number) => roundLength.mutate({ ...ids(), minutes }),
    start: () => start.mutate(ids()),
    end: () => end.mutate(ids()),
    reset: () => reset.mutate(ids()),
    free: (facilityId: string) => leave.mutate({ ...ids(), facilityId }),
    starting: start.isPending,
    ending: end.isPending,
    resetting: reset.isPending,
    freeing: leave.isPending,
  };
}
