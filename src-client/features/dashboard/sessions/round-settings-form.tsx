import { Alert, Tabs } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import type { AnyConfigDebrief } from '../../../../src-shared/rules/debrief-config';
import { DebriefEditor } from '../game-settings/debrief-editor';
import { debriefSectionsOf } from '../game-settings/debrief-sections';
import { GameSettingsForm, type MapPreview } from '../game-settings/settings-form';

/** A lean round's configuration names its factory (`scenario`); a beer round's is a game configuration. */
export function roundGameType(config: Record<string, unknown>): 'beergame' | 'leangame' {
  return typeof config.scenario === 'string' ? 'leangame' : 'beergame';
}

/** The debrief editor on a round's `config.configDebrief` (either game's round). */
export function RoundDebriefForm({
  gameType,
  config,
  onApply,
  onCancel,
}: {
  gameType: 'beergame' | 'leangame';
  config: Record<string, unknown>;
  onApply: (config: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { sections, sectionLabel } = debriefSectionsOf(gameType);
  return (
    <DebriefEditor
      sections={sections}
      sectionLabel={sectionLabel}
      initial={config.configDebrief as Partial<AnyConfigDebrief> | undefined}
      submitId="dashboard.sessions.applySettings"
      onSubmit={(configDebrief) => onApply({ ...config, configDebrief })}
      onCancel={onCancel}
    />
  );
}

/**
 * A round's settings: for a beer round, the game settings form (the one of games and templates)
 * and the debrief editor, each applied to the round in the editor and saved with the session; for a
 * lean round, its debrief. A beer configuration the form cannot show (several products) says so and
 * stays as is; its debrief can still be written.
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
  const gameType = roundGameType(config);
  const debrief = (
    <RoundDebriefForm gameType={gameType} config={config} onApply={onApply} onCancel={onCancel} />
  );
  if (gameType === 'leangame') return debrief;
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
