/**
 * What an instructor does to a whole session from the list or its editor (spec points 4 and 8):
 * publish, unpublish, duplicate (a 1.5 s toast) and delete once its name is typed again.
 */
import { Badge, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLocale } from '../../../../src-shared/rules/locale';
import { newCommandId, trpc } from '../../../trpc';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { TOAST_MS, toastError, toastMessage } from '../../../ui/notify';

/** Spec point 9: a copy's success toast lasts 1.5 s. */
const DUPLICATED_MS = 1500;

export interface NamedSession {
  id: string;
  name: string;
}

/** Draft until published: only published sessions are seen by players (spec point 4). */
export function SessionStatusBadge({
  published,
  finished = false,
}: {
  published: boolean;
  finished?: boolean;
}) {
  if (finished)
    return (
      <Badge color="gray" variant="light" tt="none" data-testid="session-status" data-status="finished">
        <FormattedMessage id="dashboard.sessions.statusFinished" />
      </Badge>
    );
  return published ? (
    <Badge color="green" variant="light" tt="none" data-testid="session-status" data-status="published">
      <FormattedMessage id="dashboard.sessions.statusPublished" />
    </Badge>
  ) : (
    <Badge color="gray" variant="outline" tt="none" data-testid="session-status" data-status="draft">
      <FormattedMessage id="dashboard.sessions.statusDraft" />
    </Badge>
  );
}

/** Publish, unpublish and duplicate, each with its toast; `onChanged` reads what changed again. */
export function useSessionCommands(onChanged: () => unknown) {
  const intl = useIntl();
  const onError = (error: unknown) => toastError(intl, error);
  const publish = trpc.session.publish.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.sessions.published', 'green');
      void onChanged();
    },
    onError,
  });
  const unpublish = trpc.session.unpublish.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.sessions.unpublished', 'green');
      void onChanged();
    },
    onError,
  });
  const duplicate = trpc.session.duplicate.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.sessions.duplicated', 'green', DUPLICATED_MS);
      void onChanged();
    },
    onError,
  });
  return {
    pending: publish.isPending || unpublish.isPending || duplicate.isPending,
    setPublished: (sessionId: string, published: boolean) =>
      (published ? publish : unpublish).mutate({ sessionId, commandId: newCommandId() }),
    duplicate: (sessionId: string) =>
      duplicate.mutate({
        sessionId,
        ...(isLocale(intl.locale) ? { locale: intl.locale } : {}),
        commandId: newCommandId(),
      }),
  };
}

/**
 * Deletes a session once its exact name is typed again: a class, its rounds and its games are
 * not undone. The server checks the name too, and its refusal is shown in place.
 */
export function DeleteSessionDialog({
  session,
  onClose,
  onDeleted,
}: {
  session: NamedSession | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = trpc.session.delete.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.sessions.deleted', 'green', TOAST_MS);
      onDeleted();
      close();
    },
    onError: (error) => {
      const messageId = (error.data as { messageId?: string } | null)?.messageId;
      if (messageId === 'session.errDeleteName') setRefusal(messageId);
      else toastError(intl, error);
    },
  });
  const close = () => {
    setTyped('');
    setRefusal(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!session) return;
    // Checked here first, as the server does: the exact name, spaces around it aside.
    if (typed.trim() !== session.name) {
      setRefusal('session.errDeleteName');
      return;
    }
    remove.mutate({ sessionId: session.id, confirmName: typed.trim(), commandId: newCommandId() });
  };
  return (
    <Modal
      opened={session !== null}
      onClose={close}
      title={<FormattedMessage id="dashboard.sessions.deleteTitle" />}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            <FormattedMessage
              id="dashboard.sessions.deleteExplain"
              values={{ name: session?.name, b: (chunks) => <b>{chunks}</b> }}
            />
          </Text>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.sessions.deleteTypeName' })}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setRefusal(null);
            }}
            error={refusal ? intl.formatMessage({ id: refusal }) : undefined}
            autoComplete="off"
            data-autofocus
            data-testid="session-delete-name"
          />
          <DialogButtons
            onCancel={close}
            submitLabel={<FormattedMessage id="dashboard.sessions.deleteButton" />}
            loading={remove.isPending}
            color="red"
            testId="session-delete-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
