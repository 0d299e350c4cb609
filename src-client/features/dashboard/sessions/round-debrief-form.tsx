/** A session round's dialog: its game's settings and its debrief, for either game's round. */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AnyConfigDebrief } from '../../../../src-shared/rules/debrief-config';
import { DebriefEditor } from '../game-settings/debrief-editor';
import { debriefSectionsOf } from '../game-settings/debrief-sections';

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

/** The round dialog's two tabs: the game's settings (`settings`), then its debrief. */
export function RoundSettingsTabs({
  gameType,
  settings,
  config,
  onApply,
  onCancel,
}: {
  gameType: 'beergame' | 'leangame';
  settings: ReactNode;
  config: Record<string, unknown>;
  onApply: (config: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
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
      <Tabs.Panel value="settings">{settings}</Tabs.Panel>
      <Tabs.Panel value="debrief">
        <RoundDebriefForm gameType={gameType} config={config} onApply={onApply} onCancel={onCancel} />
      </Tabs.Panel>
    </Tabs>
  );
}
