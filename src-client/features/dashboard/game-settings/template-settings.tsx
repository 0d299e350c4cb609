import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { loadChunk } from '../../../load-chunk';
import { PageLoader } from '../../../ui/page-loader';
import type { MapPreview } from './settings-form';

// The form carries the engine: it loads when the dialog first opens, not with the dashboard.
const TemplateSettingsForm = lazy(async () => ({
  default: (await loadChunk(() => import('./template-settings-form'))).TemplateSettingsForm,
}));

/** The settings of one of the instructor's templates, in a dialog as wide as a game's. */
export function TemplateSettingsDialog({
  template,
  onClose,
  onSaved,
  mapPreview,
}: {
  template: { id: string; title: string } | null;
  onClose: () => void;
  onSaved: () => void;
  mapPreview: MapPreview;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={<FormattedMessage id="templates.settingsTitle" values={{ title: template?.title }} />}
      size="80rem"
      fullScreen={phone}
    >
      {template && (
        <Suspense fallback={<PageLoader />}>
          <TemplateSettingsForm
            templateId={template.id}
            onClose={onClose}
            onSaved={onSaved}
            mapPreview={mapPreview}
          />
        </Suspense>
      )}
    </Modal>
  );
}
