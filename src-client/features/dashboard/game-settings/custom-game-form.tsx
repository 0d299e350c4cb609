import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { classicConfigInput } from '../../../../src-shared/beergame/templates';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { toastError } from '../../../ui/notify';
import { GameSettingsForm, type MapPreview } from './settings-form';

/** The settings form of a new game, starting from the classic game; the game made opens on its intro page. */
export function CustomGameForm({
  name,
  onClose,
  mapPreview,
}: {
  name: string;
  onClose: () => void;
  mapPreview: MapPreview;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.beergame.create.useMutation({
    onSuccess: async ({ gameId }) => {
      await utils.dashboard.games.invalidate();
      navigate(paths.game(gameId, 'intro'));
    },
    onError: (error) => toastError(intl, error),
  });
  const read = configToSettings(
    name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' }),
    classicConfigInput(),
  );
  // The classic game is a one-product chain: the form always reads it.
  if (!read.ok) return null;
  return (
    <GameSettingsForm
      initial={read.settings}
      submitId="dashboard.createButton"
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={({ name: gameName, config, draft }) =>
        create.mutate({ name: gameName, template: 'classic', config, draft })
      }
      mapPreview={mapPreview}
    />
  );
}
