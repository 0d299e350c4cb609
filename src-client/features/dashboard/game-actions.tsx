/**
 * What an instructor does to games from the lists (spec point 2, "Actions"): the dialogs of copy
 * and delete, the confirmations of reset and disconnect (spec point 8), and the toasts that say it
 * is done. Every typed value is checked by the shared rules before anything is sent.
 */
import { ActionIcon, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COPIES, copyNameRefusal } from '../../../src-shared/rules/copy-names';
import { deleteConfirmationRefusal } from '../../../src-shared/rules/delete-confirmation';
import { isLocale } from '../../../src-shared/rules/locale';
import { newCommandId, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { DialogButtons } from '../../ui/dialog-buttons';
import { TOAST_MS, toastError, toastMessage } from '../../ui/notify';
import { NumberField, useNumberField } from '../../ui/number-field';
import { TemplateTextForm } from './templates/edit-template-modal';

/** Copy success stays 1.5 s (spec point 8). */
const COPY_TOAST_MS = 1500;

export interface ListedGame {
  id: string;
  name: string;
}

/** Copies one game: how many and under which name, with a progress bar while the copies are made. */
export function CopyGameDialog({ game, onClose }: { game: ListedGame | null; onClose: () => void }) {
  const intl = useIntl();
  const count = useNumberField(COPIES, String(COPIES.default));
  const [name, setName] = useState('');
  // One command per dialog: a second click, or a retry, makes the same copies once.
  const [commandId, setCommandId] = useState(newCommandId);
  const copy = trpc.game.copy.useMutation({
    onSuccess: ({ gameIds }) => {
      toastMessage(intl, 'dashboard.copySuccess', 'green', COPY_TOAST_MS, { count: gameIds.length });
      close();
    },
    onError: (error) => toastError(intl, error),
  });
  const close = () => {
    count.reset();
    setName('');
    setCommandId(newCommandId());
    onClose();
  };
  // Until the count reads, the name and the button speak of one copy.
  const copies = count.read.ok ? count.read.value : 1;
  const nameRefusal = name.trim() ? copyNameRefusal(name, copies) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (count.submit() === null || !game || nameRefusal) return;
    copy.mutate({
      gameId: game.id,
      count: copies,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(isLocale(intl.locale) ? { locale: intl.locale } : {}),
      commandId,
    });
  };
  const example = `${name.trim() || game?.name || ''} ${'1'.padStart(String(copies).length, '0')}`;
  return (
    <Modal
      opened={game !== null}
      onClose={close}
      title={<FormattedMessage id="dashboard.copyTitle" values={{ name: game?.name }} />}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <NumberField
            {...count.field}
            label={intl.formatMessage({ id: 'dashboard.copyCount' })}
            description={intl.formatMessage({ id: 'dashboard.copyCountHint' })}
            data-autofocus
            data-testid="copy-count"
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.copyName' })}
            description={
              copies > 1 ? intl.formatMessage({ id: 'dashboard.copyNameHint' }, { example }) : undefined
            }
            placeholder={`${game?.name ?? ''} ${intl.formatMessage({ id: 'dashboard.copySuffix' })}`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={
              nameRefusal ? intl.formatMessage({ id: nameRefusal.messageId }, nameRefusal.values) : undefined
            }
            data-testid="copy-name"
          />
          {copy.isPending && (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="dashboard.copying" values={{ count: copies }} />
              </Text>
              <Progress
                value={100}
                animated
                striped
                aria-label={intl.formatMessage({ id: 'dashboard.copying' }, { count: copies })}
              />
            </Stack>
          )}
          <DialogButtons
            onCancel={close}
            submitLabel={
              count.read.ok ? (
                <FormattedMessage id="dashboard.copyButton" values={{ count: copies }} />
              ) : (
                <FormattedMessage id="dashboard.copyButtonUnread" />
              )
            }
            loading={copy.isPending}
            testId="copy-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Deletes the selected games once the instructor typed how many they are (spec point 5). */
export function DeleteGamesDialog({
  gameIds,
  onClose,
  onDeleted,
}: {
  gameIds: string[] | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = gameIds?.length ?? 0;
  const remove = trpc.game.delete.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.deleteSuccess', 'green', TOAST_MS, { count });
      onDeleted();
      close();
    },
    onError: (error) => toastError(intl, error),
  });
  const close = () => {
    setTyped('');
    setRefusal(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = deleteConfirmationRefusal(typed, count);
    setRefusal(problem);
    if (problem || !gameIds) return;
    remove.mutate({ gameIds, confirmCount: Number(typed.trim()), commandId: newCommandId() });
  };
  return (
    <Modal
      opened={gameIds !== null}
      onClose={close}
      title={<FormattedMessage id="dashboard.deleteTitle" values={{ count }} />}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            <FormattedMessage id="dashboard.deleteExplain" values={{ count }} />
          </Text>
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.deleteCount' })}
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={refusal ? intl.formatMessage({ id: refusal }) : undefined}
            data-autofocus
            data-testid="delete-count"
          />
          <DialogButtons
            onCancel={close}
            submitLabel={<FormattedMessage id="dashboard.deleteButton" />}
            loading={remove.isPending}
            color="red"
            testId="delete-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}

export type ConfirmedAction = 'reset' | 'disconnect';

/** Resets, or disconnects the players of, the selected games after a confirmation (spec point 8). */
export function ConfirmGamesAction({
  action,
  gameIds,
  onClose,
}: {
  action: ConfirmedAction | null;
  gameIds: string[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const count = gameIds.length;
  const done = (id: string) => () => toastMessage(intl, id, 'green', TOAST_MS, { count });
  const onError = (error: unknown) => toastError(intl, error);
  const reset = trpc.game.reset.useMutation({ onSuccess: done('dashboard.resetSuccess'), onError });
  const disconnect = trpc.game.disconnectPlayers.useMutation({
    onSuccess: done('dashboard.disconnectSuccess'),
    onError,
  });
  const key = action === 'disconnect' ? 'disconnect' : 'reset';
  return (
    <Confirm
      opened={action !== null}
      onClose={onClose}
      title={<FormattedMessage id={`dashboard.${key}Title`} values={{ count }} />}
      confirmLabel={<FormattedMessage id={`dashboard.${key}Button`} />}
      onConfirm={() =>
        (action === 'disconnect' ? disconnect : reset).mutate({ gameIds, commandId: newCommandId() })
      }
      testId={`${key}-confirm`}
    >
      <Text size="sm">
        <FormattedMessage id={`dashboard.${key}Explain`} />
      </Text>
    </Confirm>
  );
}

/** Archives or unarchives games at once (no confirmation: it is undone as easily), with a toast. */
export function useArchiveGames() {
  const intl = useIntl();
  const onError = (error: unknown) => toastError(intl, error);
  const archive = trpc.game.archive.useMutation({ onError });
  const unarchive = trpc.game.unarchive.useMutation({ onError });
  return (gameIds: string[], archived: boolean) =>
    (archived ? archive : unarchive).mutate(
      { gameIds, commandId: newCommandId() },
      {
        onSuccess: ({ count }) =>
          toastMessage(
            intl,
            archived ? 'dashboard.archiveSuccess' : 'dashboard.unarchiveSuccess',
            'green',
            TOAST_MS,
            {
              count,
            },
          ),
      },
    );
}

/** Publishes drafts (no confirmation: players may only open them from now on), with a toast. */
export function usePublishGames() {
  const intl = useIntl();
  const publish = trpc.game.publish.useMutation({
    onSuccess: ({ count }) => toastMessage(intl, 'dashboard.publishSuccess', 'green', TOAST_MS, { count }),
    onError: (error) => toastError(intl, error),
  });
  return (gameIds: string[]) => publish.mutate({ gameIds, commandId: newCommandId() });
}

/** Keeps a game's settings as one of the instructor's templates, under a title they choose. */
export function SaveAsTemplateDialog({ game, onClose }: { game: ListedGame | null; onClose: () => void }) {
  const intl = useIntl();
  const save = trpc.game.saveAsTemplate.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.saveTemplateSuccess', 'green');
      onClose();
    },
    onError: (error) => toastError(intl, error),
  });
  return (
    <Modal
      opened={game !== null}
      onClose={onClose}
      title={<FormattedMessage id="dashboard.saveTemplateTitle" values={{ name: game?.name }} />}
      centered
    >
      {/* Keyed by game: each opening starts from the game's name. */}
      {game && (
        <TemplateTextForm
          key={game.id}
          initial={{ title: game.name, description: '' }}
          pending={save.isPending}
          onSubmit={(text) => save.mutate({ gameId: game.id, ...text })}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

/** Merging into a template says it is done for 5 s (spec point 8). */
const MERGE_TOAST_MS = 5000;

/**
 * Merges the selected games into a session template of the instructor's (spec point 2): each game
 * becomes a round, in the order shown (changeable), under a title they must give.
 */
export function MergeIntoTemplateDialog({
  games,
  onClose,
  onMerged,
}: {
  games: Array<ListedGame & { createdAt: Date }> | null;
  onClose: () => void;
  onMerged: () => void;
}) {
  return (
    <Modal
      opened={games !== null}
      onClose={onClose}
      title={<FormattedMessage id="dashboard.mergeTitle" values={{ count: games?.length ?? 0 }} />}
      centered
    >
      {/* Keyed by the selection: each opening starts from it. */}
      {games && (
        <MergeForm
          key={games.map((game) => game.id).join()}
          games={games}
          onClose={onClose}
          onMerged={onMerged}
        />
      )}
    </Modal>
  );
}

/**
 * The rounds in order, oldest game first (copies made together by name: a class plays its games in
 * the order it prepared them), then the template's title and description.
 */
function MergeForm({
  games,
  onClose,
  onMerged,
}: {
  games: Array<ListedGame & { createdAt: Date }>;
  onClose: () => void;
  onMerged: () => void;
}) {
  const intl = useIntl();
  const [order, setOrder] = useState<ListedGame[]>(() =>
    [...games].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.name.localeCompare(b.name)),
  );
  const merge = trpc.game.mergeIntoTemplate.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'dashboard.mergeSuccess', 'green', MERGE_TOAST_MS);
      onMerged();
      onClose();
    },
    onError: (error) => toastError(intl, error),
  });
  const move = (from: number, to: number) =>
    setOrder((rounds) => {
      const next = [...rounds];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="dashboard.mergeHint" />
      </Text>
      <Stack gap={4} data-testid="merge-rounds">
        {order.map((game, i) => (
          <Group key={game.id} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" truncate>
              <FormattedMessage id="dashboard.mergeRound" values={{ number: i + 1, name: game.name }} />
            </Text>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
                aria-label={intl.formatMessage({ id: 'dashboard.mergeUp' })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={i === order.length - 1}
                onClick={() => move(i, i + 1)}
                aria-label={intl.formatMessage({ id: 'dashboard.mergeDown' })}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      <TemplateTextForm
        initial={{ title: '', description: '' }}
        pending={merge.isPending}
        onSubmit={(text) =>
          merge.mutate({ gameIds: order.map((game) => game.id), ...text, commandId: newCommandId() })
        }
        onCancel={onClose}
      />
    </Stack>
  );
}
