import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { GameSettingsForm, type MapPreview } from '../game-settings/settings-form';
import { RoundSettingsTabs } from './round-debrief-form';

/**
 * A beer round's settings: the game settings form (the one of games and templates) and the
 * debrief editor, each applied to the round in the editor and saved with the session. A
 * configuration the form cannot show (several products) says so and stays as is; its debrief can
 * still be written.
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
  const settings = read.ok ? (
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
  ) : (
    <Alert color="blue" icon={<IconInfoCircle />}>
      <FormattedMessage id={read.messageId} />
    </Alert>
  );
  return (
    <RoundSettingsTabs
      gameType="beergame"
      settings={settings}
      config={config}
      onApply={onApply}
      onCancel={onCancel}
    />
  );
}
