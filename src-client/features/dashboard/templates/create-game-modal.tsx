import { Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkText } from '../../../../src-shared/api/text-rules';
import { LEAN_CREATE_MINUTES } from '../../../../src-shared/leangame/constants';
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
  template: { id: string; title: string; type: GameType; length?: number } | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [minutesText, setMinutesText] = useState<string | null>(null);
  const value = name ?? template?.title ?? '';
  const refusal = checkText(value, NAME);
  // A lean round's length, as typed: a whole number of minutes in range, or its refusal.
  const lean = template?.type === 'leangame';
  const minutesTyped = (minutesText ?? String(template?.length ?? '')).trim();
  const minutes = /^\d+$/.test(minutesTyped) ? Number(minutesTyped) : Number.NaN;
  const minutesWrong = lean && !(minutes >= LEAN_CREATE_MINUTES.min && minutes <= LEAN_CREATE_MINUTES.max);
  const create = useCreateGame();
  const close = () => {
    setName(null);
    setMinutesText(null);
    setTouched(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!template || refusal || minutesWrong) return;
    create.create(value.trim(), template, lean ? minutes : undefined);
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
            <TextInput
              label={intl.formatMessage({ id: 'templates.roundMinutes' })}
              description={intl.formatMessage({ id: 'templates.roundMinutesHint' })}
              inputMode="numeric"
              value={minutesTyped}
              onChange={(e) => setMinutesText(e.currentTarget.value)}
              error={
                touched && minutesWrong
                  ? intl.formatMessage({ id: 'leangame.errNumberOutOfRange' }, LEAN_CREATE_MINUTES)
                  : undefined
              }
              w={280}
              data-testid="template-game-minutes"
            />
          )}
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
