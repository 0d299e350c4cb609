import { Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../../src-shared/api/text-rules';
import type { GameType } from '../../../../src-shared/rules/templates';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { inputErrorMessage } from '../../../ui/notify';
import { useCreateGame } from '../use-create-game';

/** The game name's bounds (createGameInput). */
const NAME = { max: 80 };

/** Names a new game made from a template, creates it and opens its intro page. */
export function CreateGameModal({
  template,
  onClose,
}: {
  /** The template to create from; null when the modal is closed. */
  template: { id: string; title: string; type: GameType } | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const value = name ?? template?.title ?? '';
  const refusal = checkText(value, NAME);
  const create = useCreateGame();
  const close = () => {
    setName(null);
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!template || refusal) return;
    create.create(value.trim(), template);
  };
  return (
    <Modal
      opened={template !== null}
      onClose={close}
      title={
        template && <FormattedMessage id="templates.createGameTitle" values={{ title: template.title }} />
      }
      centered
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.gameName' })}
            value={value}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={NAME.max}
            error={touched && refusal ? inputErrorMessage(intl, refusal) : undefined}
            data-autofocus
            data-testid="template-game-name"
          />
          <DialogButtons
            onCancel={close}
            submitLabel={<FormattedMessage id="dashboard.createButton" />}
            loading={create.isPending}
            testId="template-game-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
