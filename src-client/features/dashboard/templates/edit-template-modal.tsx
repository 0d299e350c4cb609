import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../../src-shared/api/text-rules';
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_TITLE_MAX } from '../../../../src-shared/rules/template-naming';
import { trpc } from '../../../trpc';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { inputErrorMessage, toastError, toastMessage } from '../../../ui/notify';

const TITLE = { max: TEMPLATE_TITLE_MAX };
const DESCRIPTION = { min: 0, max: TEMPLATE_DESCRIPTION_MAX, multiline: true };

/** Renames an own template and rewrites its description. */
export function EditTemplateModal({
  template,
  onSaved,
  onClose,
}: {
  /** The template being edited; null when the modal is closed. */
  template: { id: string; title: string; description: string } | null;
  /** Refreshes the list that shows it. */
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={<FormattedMessage id="templates.editTitle" />}
      centered
    >
      {/* Keyed by template: each opening starts from the template's own text. */}
      {template && <EditForm key={template.id} template={template} onSaved={onSaved} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({
  template,
  onSaved,
  onClose,
}: {
  template: { id: string; title: string; description: string };
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [title, setTitle] = useState(template.title);
  const [description, setDescription] = useState(template.description);
  const [touched, setTouched] = useState(false);
  const titleRefusal = checkText(title, TITLE);
  const descriptionRefusal = checkText(description, DESCRIPTION);
  const update = trpc.template.update.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'templates.saved', 'green');
      await onSaved();
      onClose();
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (titleRefusal || descriptionRefusal) return;
    update.mutate({ templateId: template.id, title: title.trim(), description: description.trim() });
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={intl.formatMessage({ id: 'templates.fieldTitle' })}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={TEMPLATE_TITLE_MAX}
          withAsterisk
          error={touched && titleRefusal ? inputErrorMessage(intl, titleRefusal) : undefined}
          data-autofocus
          data-testid="template-title"
        />
        <Textarea
          label={intl.formatMessage({ id: 'templates.fieldDescription' })}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={TEMPLATE_DESCRIPTION_MAX}
          autosize
          minRows={3}
          maxRows={8}
          error={touched && descriptionRefusal ? inputErrorMessage(intl, descriptionRefusal) : undefined}
          description={`${description.length} / ${TEMPLATE_DESCRIPTION_MAX}`}
        />
        <DialogButtons
          onCancel={onClose}
          submitLabel={<FormattedMessage id="templates.save" />}
          loading={update.isPending}
          testId="template-save"
        />
      </Stack>
    </form>
  );
}
