import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { GameType } from '../../../src-shared/rules/templates';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { toastError } from '../../ui/notify';

/** Creates a game of the template's type from it, then opens the game's intro page. */
export function useCreateGame() {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const options = {
    onSuccess: async ({ gameId }: { gameId: string }) => {
      await utils.dashboard.games.invalidate();
      navigate(paths.game(gameId, 'intro'));
    },
    onError: (error: unknown) => toastError(intl, error),
  };
  const beer = trpc.beergame.create.useMutation(options);
  const lean = trpc.leangame.create.useMutation(options);
  return {
    /** `minutes`: a lean round's length (the template's own when absent); `draft`: seen by its creator only until published. */
    create: (name: string, template: { id: string; type: GameType }, minutes?: number, draft = false) =>
      template.type === 'leangame'
        ? lean.mutate({
            name,
            template: template.id,
            ...(minutes === undefined ? {} : { minutes }),
            ...(draft ? { draft } : {}),
          })
        : beer.mutate({ name, template: template.id, ...(draft ? { draft } : {}) }),
    isPending: beer.isPending || lean.isPending,
  };
}
