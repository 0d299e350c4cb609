import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { BEERGAME_TEMPLATES, classicConfigInput } from '../../../../src-shared/beergame/templates';
import { own } from '../../../../src-shared/eventsourcing/own';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { toastError } from '../../../ui/notify';
import { GameSettingsForm, type MapPreview } from './settings-form';

/** The settings form of a new game, starting from the chosen template; the game made opens on its intro page. */
export function CustomGameForm({
  name,
  template,
  onClose,
  mapPreview,
}: {
  name: string;
  template: string;
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
  const gameName = name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' });
  // A default template the form can show (one product), else the classic game, which it always can.
  const chosen = own(BEERGAME_TEMPLATES, template);
  const fromTemplate = chosen ? configToSettings(gameName, chosen()) : null;
  const read = fromTemplate?.ok ? fromTemplate : configToSettings(gameName, classicConfigInput());
  if (!read.ok) return null;
  return (
    <GameSettingsForm
      initial={read.settings}
      submitId="dashboard.createButton"
      pending={create.isPending}
      onCancel={onClose}
      onSubmit={({ name: typed, config, draft }) => create.mutate({ name: typed, template, config, draft })}
      mapPreview={mapPreview}
    />
  );
}
