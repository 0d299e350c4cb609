import { Alert, Loader } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerConfigInput } from '../../../../src-shared/beergame/schemas';
import { configToSettings } from '../../../../src-shared/beergame/settings-read';
import { trpc } from '../../../trpc';
import { toastError, toastMessage } from '../../../ui/notify';
import { GameSettingsForm, type MapPreview } from './settings-form';

/**
 * The settings form on one of the instructor's templates: the games made from it start from what
 * is saved here. A configuration the form cannot show (several products) says so and stays as is.
 */
export function TemplateSettingsForm({
  templateId,
  onClose,
  onSaved,
  mapPreview,
}: {
  templateId: string;
  onClose: () => void;
  onSaved: () => void;
  mapPreview: MapPreview;
}) {
  const intl = useIntl();
  const template = trpc.template.get.useQuery({ templateId });
  const update = trpc.template.update.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'templates.saved', 'green');
      onSaved();
      onClose();
    },
    onError: (error) => toastError(intl, error),
  });
  if (template.isPending) return <Loader />;
  if (template.isError) {
    return (
      <Alert color="red">
        <FormattedMessage id={template.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  }
  const config = template.data.config as BeerConfigInput;
  const read = configToSettings(template.data.title, config);
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
      base={config}
      submitId="templates.save"
      pending={update.isPending}
      onCancel={onClose}
      onSubmit={(settings) => update.mutate({ templateId, config: settings.config })}
      mapPreview={mapPreview}
      withName={false}
    />
  );
}
