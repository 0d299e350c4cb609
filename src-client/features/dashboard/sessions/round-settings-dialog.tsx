import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { withAudienceMessages, withLeanMessages } from '../../../i18n';
import { loadChunk } from '../../../load-chunk';
import { PageLoader } from '../../../ui/page-loader';
import type { MapPreview } from '../game-settings/settings-form';

// The form carries the engine: it loads when the dialog first opens, not with the dashboard.
// ...with the debriefs' words: the debrief editor names their sections.
const RoundSettingsForm = lazy(async () => ({
  default: (
    await withAudienceMessages(
      'debrief',
      loadChunk(() => import('./round-settings-form')),
    )
  ).RoundSettingsForm,
}));

// A lean round's: its factory, length, improvements and debrief, with the lean game's and the debriefs' words.
const LeanRoundSettingsForm = lazy(async () => ({
  default: (
    await withAudienceMessages(
      'debrief',
      withLeanMessages(loadChunk(() => import('./lean-round-settings-form'))),
    )
  ).LeanRoundSettingsForm,
}));

export interface RoundBeingSet {
  index: number;
  name: string;
  gameType: 'beergame' | 'leangame';
  config: Record<string, unknown>;
}

/** A round's game settings, in a dialog as wide as a game's. */
export function RoundSettingsDialog({
  round,
  onApply,
  onClose,
  mapPreview,
}: {
  round: RoundBeingSet | null;
  onApply: (index: number, config: Record<string, unknown>) => void;
  onClose: () => void;
  mapPreview: MapPreview;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={round !== null}
      onClose={onClose}
      title={
        <FormattedMessage
          id="dashboard.sessions.roundSettingsTitle"
          values={{ number: (round?.index ?? 0) + 1, name: round?.name }}
        />
      }
      size={round?.gameType === 'leangame' ? '48rem' : '80rem'}
      fullScreen={phone}
    >
      {round?.gameType === 'leangame' && (
        <Suspense fallback={<PageLoader />}>
          <LeanRoundSettingsForm
            config={round.config}
            onApply={(config) => {
              onApply(round.index, config);
              onClose();
            }}
            onCancel={onClose}
          />
        </Suspense>
      )}
      {round?.gameType === 'beergame' && (
        <Suspense fallback={<PageLoader />}>
          <RoundSettingsForm
            name={round.name}
            config={round.config}
            onApply={(config) => {
              onApply(round.index, config);
              onClose();
            }}
            onCancel={onClose}
            mapPreview={mapPreview}
          />
        </Suspense>
      )}
    </Modal>
  );
}
