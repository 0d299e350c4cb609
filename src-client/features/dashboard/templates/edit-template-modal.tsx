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
  const update = trpc.template.update.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'templates.saved', 'green');
      await onSaved();
      onClose();
    },
    onError: (error) => toastError(intl, error),
  });
  return (
    <TemplateTextForm
      initial={template}
      pending={update.isPending}
      onSubmit={(text) => update.mutate({ templateId: template.id, ...text })}
      onCancel={onClose}
    />
  );
}

/**
 * A template's title and description, checked by the shared text rules before they are sent
 * (trimmed), with the dialog's Save button: for renaming a template or saving a game as one.
 */
export function TemplateTextForm({
  initial,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: { title: string; description: string };
  pending: boolean;
  onSubmit: (text: { title: string; description: string }) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [touched, setTouched] = useState(false);
  const titleRefusal = checkText(title, TITLE);
  const descriptionRefusal = checkText(description, DESCRIPTION);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (titleRefusal || descriptionRefusal) return;
    onSubmit({ title: title.trim(), description: description.trim() });
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
          onCancel={onCancel}
          submitLabel={<FormattedMessage id="templates.save" />}
          loading={pending}
          testId="template-save"
        />
      </Stack>
    </form>
  );
}
