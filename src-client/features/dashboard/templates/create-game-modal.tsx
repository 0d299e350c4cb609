import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../../src-shared/api/text-rules';
import { LEAN_CREATE_MINUTES } from '../../../../src-shared/leangame/constants';
import type { GameType } from '../../../../src-shared/rules/templates';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { inputErrorMessage } from '../../../ui/notify';
import { NumberField, useNumberField } from '../../../ui/number-field';
import { useCreateGame } from '../use-create-game';

/** The game name's bounds (createGameInput). */
const NAME = { max: 80 };

/** Names a new game made from a template, creates it and opens its intro page. */
export function CreateGameModal({
  template,
  onClose,
}: {
  /** The template to create from; null when the modal is closed. */
  template: { id: string; title: string; type: GameType; length?: number } | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [draft, setDraft] = useState(false);
  const value = name ?? template?.title ?? '';
  const refusal = checkText(value, NAME);
  // A lean round's length, as typed: the template's until another is typed.
  const lean = template?.type === 'leangame';
  const minutes = useNumberField(LEAN_CREATE_MINUTES, String(template?.length ?? ''));
  const create = useCreateGame();
  const close = () => {
    setName(null);
    minutes.reset();
    setTouched(false);
    setDraft(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const length = lean ? minutes.submit() : undefined;
    if (!template || refusal || length === null) return;
    create.create(value.trim(), template, length, draft);
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
          {lean && (
            <NumberField
              {...minutes.field}
              label={intl.formatMessage({ id: 'templates.roundMinutes' })}
              description={intl.formatMessage({ id: 'templates.roundMinutesHint' })}
              w={{ base: '100%', xs: 320 }}
              data-testid="template-game-minutes"
            />
          )}
          <Checkbox
            label={intl.formatMessage({ id: 'gameSettings.draft' })}
            description={intl.formatMessage({ id: 'gameSettings.draftHint' })}
            checked={draft}
            onChange={(event) => setDraft(event.currentTarget.checked)}
            data-testid="template-game-draft"
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
