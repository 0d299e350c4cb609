import { Alert, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { GameSettingsForm, type MapPreview } from '../game-settings/settings-form';
import { RoundDebriefForm } from './round-debrief-form';

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
  const debrief = (
    <RoundDebriefForm gameType="beergame" config={config} onApply={onApply} onCancel={onCancel} />
  );
  const base = config as BeerConfigInput;
  const read = configToSettings(name, base);
  return (
    <Tabs defaultValue="settings" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="settings" data-testid="round-tab-settings">
          <FormattedMessage id="gameSettings.title" />
        </Tabs.Tab>
        <Tabs.Tab value="debrief" data-testid="round-tab-debrief">
          <FormattedMessage id="gameSettings.debrief.title" />
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings">
        {read.ok ? (
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
        )}
      </Tabs.Panel>
      <Tabs.Panel value="debrief">{debrief}</Tabs.Panel>
    </Tabs>
  );
}
