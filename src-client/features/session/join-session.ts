import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { checkPlayerName } from '../../../src-shared/api/account';
import { ANONYMOUS_NAME } from '../../../src-shared/rules/account-flow';
import type { SessionView } from '../../../src-shared/session/view';
import { authClient, authErrorMessageId, useCurrentUser } from '../../auth';
import { newCommandId, trpc } from '../../trpc';
import { inputErrorMessage, TOAST_MS, toastError, toastMessage } from '../../ui/notify';

/**
 * Sends a join until the live view shows the seat (spec point 4, the 5-second confirmation); the
 * route hands in game-shell's `joinUntilSeated`, since a feature does not import another.
 */
export type ConfirmJoin = (options: { send: () => Promise<unknown>; seated: () => boolean }) => Promise<void>;

/** A seat to ask for: a team's role, or (null) any free seat of the emptiest team. */
export type SeatChoice = { teamNumber: number; facilityId: string } | null;

/** Which seat button is waiting for its answer: `random` for the random seat. */
const choiceKey = (choice: SeatChoice) => (choice ? `${choice.teamNumber}/${choice.facilityId}` : 'random');

/**
 * A player's way into a session's round: a name (signing in anonymously when they have no
 * account, as on a game's intro page), then the seat they chose or a random free one, confirmed by
 * the live session view. Resolves to true once seated.
 */
export function useJoinSession(view: SessionView, confirmJoin: ConfirmJoin) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const join = trpc.session.join.useMutation();
  const [typedName, setTypedName] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  // The latest live view, for the confirmation to see the seat in.
  const latestView = useRef(view);
  latestView.current = view;

  // "Anonymous" is better-auth's placeholder for a guest who never gave a name.
  const knownName = user && !(user.isAnonymous && user.name === ANONYMOUS_NAME) ? user.name : '';
  const name = typedName ?? knownName;
  const refusal = checkPlayerName(name);
  const nameError = refusal ? inputErrorMessage(intl, refusal, 'game.errNameRequired') : undefined;

  const joinSeat = async (choice: SeatChoice): Promise<boolean> => {
    if (nameError) {
      setTypedName(name);
      notifications.show({ color: 'red', autoClose: TOAST_MS, message: nameError });
      return false;
    }
    setPending(choiceKey(choice));
    try {
      if (!user) {
        const signIn = await authClient.signIn.anonymous();
        if (signIn.error) throw new Error('sign-in');
      }
      if (name.trim() !== user?.name) {
        const renamed = await authClient.updateUser({ name: name.trim() });
        if (renamed.error) {
          toastMessage(intl, authErrorMessageId(renamed.error), 'red');
          return false;
        }
      }
      // One command id for every attempt: the server seats the player once.
      const commandId = newCommandId();
      const { sessionId } = view;
      await confirmJoin({
        send: () => join.mutateAsync({ sessionId, commandId, ...(choice ?? {}) }),
        seated: () => latestView.current.me !== null,
      });
      return true;
    } catch (error) {
      toastError(intl, error, 'game.errCouldNotConnect');
      return false;
    } finally {
      setPending(null);
    }
  };

  return {
    name,
    setName: setTypedName,
    /** The name field shows for a player without one, and stays while they type. */
    asksName: knownName === '' || typedName !== null,
    nameError: typedName !== null ? nameError : undefined,
    joinSeat,
    pending,
    isPending: (choice: SeatChoice) => pending === choiceKey(choice),
  };
}
