import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { classicConfigInput } from '../../../../src-shared/beergame/templates';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { toastError } from '../../../ui/notify';
import { GameSettingsForm, type MapPreview } from './settings-form';

/**
 * "Custom settings" beside the template choice: the settings form, starting from the classic game,
 * in a dialog; the game it creates opens on its intro page.
 */
export function CustomGameButton({ name, mapPreview }: { name: string; mapPreview: MapPreview }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const create = trpc.beergame.create.useMutation({
    onSuccess: async ({ gameId }) => {
      await utils.dashboard.games.invalidate();
      navigate(paths.game(gameId, 'intro'));
    },
    onError: (error) => toastError(intl, error),
  });
  const start = () => {
    const read = configToSettings(
      name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' }),
      classicConfigInput(),
    );
    // The classic game is a one-product chain: the form always reads it.
    return read.ok ? read.settings : null;
  };
  const initial = opened ? start() : null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        onClick={() => setOpened(true)}
        data-testid="custom-settings"
      >
        <FormattedMessage id="settings.customButton" />
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="settings.customTitle" />}
        size="80rem"
        fullScreen={phone}
      >
        {initial && (
          <GameSettingsForm
            initial={initial}
            submitId="dashboard.createButton"
            pending={create.isPending}
            onCancel={() => setOpened(false)}
            onSubmit={({ name: gameName, config, draft }) =>
              create.mutate({ name: gameName, template: 'classic', config, draft })
            }
            mapPreview={mapPreview}
          />
        )}
      </Modal>
    </>
  );
}
