import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { GameSettingsForm, type MapPreview } from '../game-settings/settings-form';

/**
 * The game settings form (the one of games and templates) on a round's beer game configuration:
 * applied to the round in the editor, saved with the session. A configuration the form cannot show
 * (several products) says so and stays as is.
 */
export function RoundSettingsForm({
  name,
  config,
  onApply,
  onCancel,
  mapPreview,
}: {
  name: string;
  config: Record<string, unknown>;
  onApply: (config: Record<string, unknown>) => void;
  onCancel: () => void;
  mapPreview: MapPreview;
}) {
  const base = config as BeerConfigInput;
  const read = configToSettings(name, base);
  if (!read.ok) {
    return (
      <Alert color="blue" icon={<IconInfoCircle />}>
        <FormattedMessage id={read.messageId} />
      </Alert>
    );
  }
  return (
    <GameSettingsForm
      initial={read.settings}
      base={base}
      submitId="dashboard.sessions.applySettings"
      pending={false}
      onCancel={onCancel}
      onSubmit={(settings) => onApply(settings.config as Record<string, unknown>)}
      mapPreview={mapPreview}
      withName={false}
    />
  );
}
