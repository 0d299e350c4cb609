/** The debrief editor on a session round's configuration, for either game's round. */
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
