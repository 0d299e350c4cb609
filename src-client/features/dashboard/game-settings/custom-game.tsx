import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadChunk } from '../../../load-chunk';
import { PageLoader } from '../../../ui/page-loader';
import type { MapPreview } from './settings-form';

// The form carries the engine: it loads when the dialog first opens, not with the dashboard.
const CustomGameForm = lazy(async () => ({
  default: (await loadChunk(() => import('./custom-game-form'))).CustomGameForm,
}));

/** "Custom settings" beside the template choice: the settings form of a new game, in a dialog. */
export function CustomGameButton({
  name,
  template,
  mapPreview,
}: {
  name: string;
  /** The template chosen beside: the settings start from it when the form can show it. */
  template: string;
  mapPreview: MapPreview;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, setOpened] = useState(false);
  const intl = useIntl();
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        onClick={() => setOpened(true)}
        data-testid="custom-settings"
      >
        <FormattedMessage id="gameSettings.customButton" />
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="gameSettings.customTitle" />}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'gameSettings.close' }) }}
        size="80rem"
        fullScreen={phone}
      >
        {opened && (
          <Suspense fallback={<PageLoader />}>
            <CustomGameForm
              name={name}
              template={template}
              onClose={() => setOpened(false)}
              mapPreview={mapPreview}
            />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
