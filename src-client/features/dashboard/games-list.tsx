/**
 * The instructor's games (issue 11, spec point 7's live query): newest first, 40 a page with "load
 * more", the archives on request, filtered by type and name, live (a change made anywhere reads the
 * list again). Games are selected to act on many at once; each row also has its own actions.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconArchive,
  IconArchiveOff,
  IconCheck,
  IconCopy,
  IconDots,
  IconPlugConnectedX,
  IconRotate,
  IconSearch,
  IconSend,
  IconStack2,
  IconTemplate,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type GameStatus, gameStatus } from '../../../src-shared/rules/game-status';
import { SESSION_LIMITS } from '../../../src-shared/session/constants';
import { joinLink, paths } from '../../paths';
import { trpc } from '../../trpc';
import { gameTypeNameId } from '../../ui/game-type-name';
import {
  type ConfirmedAction,
  ConfirmGamesAction,
  CopyGameDialog,
  DeleteGamesDialog,
  type ListedGame,
  MergeIntoTemplateDialog,
  SaveAsTemplateDialog,
  useArchiveGames,
  usePublishGames,
} from './game-actions';

const GAME_TYPES = ['beergame', 'leangame'] as const;
type GameTypeFilter = (typeof GAME_TYPES)[number];

/** Status badges wrap rather than cut their text on a narrow screen. */
const WRAPPING = { root: { height: 'auto', minHeight: 20 }, label: { whiteSpace: 'normal' as const } };

export function StatusBadge({ status }: { status: GameStatus }) {
  const badge = (color: string, variant: 'light' | 'outline' | 'filled', id: string, values?: object) => (
    <Badge color={color} variant={variant} tt="none" styles={WRAPPING}>
      <FormattedMessage id={id} values={values as Record<string, number>} />
    </Badge>
  );
  switch (status.kind) {
    case 'draft':
      return badge('gray', 'outline', 'dashboard.statusDraft');
    case 'finished':
      return badge('gray', 'filled', 'dashboard.finished');
    case 'waiting':
      return badge('orange', 'light', 'dashboard.statusWaiting', { free: status.freeSeats });
    case 'week':
      return badge('blue', 'light', 'game.weekOf', { week: status.week, weeks: status.weeks });
    case 'playing':
      return badge('blue', 'light', 'dashboard.statusPlaying');
  }
}

export function JoinLinkButton({ gameId }: { gameId: string }) {
  const intl = useIntl();
  return (
    <CopyButton value={joinLink(gameId)}>
      {({ copied, copy }) => (
        <Tooltip label={intl.formatMessage({ id: copied ? 'dashboard.copied' : 'dashboard.copyLink' })}>
          <ActionIcon
            variant="light"
            onClick={copy}
            aria-label={intl.formatMessage({ id: 'dashboard.copyLink' })}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** What can be done to the games of a selection (or of one row). */
interface Actions {
  copy: (game: ListedGame) => void;
  saveAsTemplate: (game: ListedGame) => void;
  merge: (games: Array<ListedGame & { createdAt: Date }>) => void;
  archive: (gameIds: string[]) => void;
  publish: (gameIds: string[]) => void;
  confirm: (action: ConfirmedAction, gameIds: string[]) => void;
  remove: (gameIds: string[]) => void;
}

/** A row's game: a lean draft is published from the list (a beer game's draft from its settings). */
type RowGame = ListedGame & { type: string; draft: boolean };

function RowMenu({ game, archived, actions }: { game: RowGame; archived: boolean; actions: Actions }) {
  const intl = useIntl();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={intl.formatMessage({ id: 'dashboard.actions' })}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {game.draft && game.type === 'leangame' && (
          <Menu.Item
            leftSection={<IconSend size={16} />}
            onClick={() => actions.publish([game.id])}
            data-testid="publish-game"
          >
            <FormattedMessage id="dashboard.actionPublish" />
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.copy(game)}>
          <FormattedMessage id="dashboard.actionCopy" />
        </Menu.Item>
        <Menu.Item leftSection={<IconTemplate size={16} />} onClick={() => actions.saveAsTemplate(game)}>
          <FormattedMessage id="dashboard.actionSaveTemplate" />
        </Menu.Item>
        <Menu.Item
          leftSection={archived ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
          onClick={() => actions.archive([game.id])}
        >
          <FormattedMessage id={archived ? 'dashboard.actionUnarchive' : 'dashboard.actionArchive'} />
        </Menu.Item>
        <Menu.Item leftSection={<IconRotate size={16} />} onClick={() => actions.confirm('reset', [game.id])}>
          <FormattedMessage id="dashboard.actionReset" />
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPlugConnectedX size={16} />}
          onClick={() => actions.confirm('disconnect', [game.id])}
        >
          <FormattedMessage id="dashboard.actionDisconnect" />
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => actions.remove([game.id])}
        >
          <FormattedMessage id="dashboard.actionDelete" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The bar of the selection's actions, shown while games are selected. */
function SelectionBar({
  selected,
  archived,
  actions,
  onClear,
}: {
  selected: Array<RowGame & { createdAt: Date }>;
  archived: boolean;
  actions: Actions;
  onClear: () => void;
}) {
  const ids = selected.map((game) => game.id);
  const leanDrafts = selected.every((game) => game.draft && game.type === 'leangame');
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg="blue.0"
      style={{ position: 'sticky', top: 64, zIndex: 3 }}
      data-testid="selection-bar"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="sm">
          <FormattedMessage id="dashboard.selected" values={{ count: selected.length }} />
        </Text>
        <Group gap="xs" wrap="wrap">
          {selected.length === 1 && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCopy size={14} />}
              onClick={() => actions.copy(selected[0]!)}
            >
              <FormattedMessage id="dashboard.actionCopy" />
            </Button>
          )}
          {leanDrafts && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} />}
              onClick={() => actions.publish(ids)}
              data-testid="publish-selected"
            >
              <FormattedMessage id="dashboard.actionPublish" />
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={archived ? <IconArchiveOff size={14} /> : <IconArchive size={14} />}
            onClick={() => actions.archive(ids)}
          >
            <FormattedMessage id={archived ? 'dashboard.actionUnarchive' : 'dashboard.actionArchive'} />
          </Button>
          {selected.length <= SESSION_LIMITS.rounds.max && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconStack2 size={14} />}
              onClick={() => actions.merge(selected)}
              data-testid="merge-selected"
            >
              <FormattedMessage id="dashboard.actionMerge" />
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRotate size={14} />}
            onClick={() => actions.confirm('reset', ids)}
          >
            <FormattedMessage id="dashboard.actionReset" />
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlugConnectedX size={14} />}
            onClick={() => actions.confirm('disconnect', ids)}
          >
            <FormattedMessage id="dashboard.actionDisconnect" />
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconTrash size={14} />}
            onClick={() => actions.remove(ids)}
            data-testid="delete-selected"
          >
            <FormattedMessage id="dashboard.actionDelete" />
          </Button>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            <FormattedMessage id="dashboard.clearSelection" />
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type ListRow = ListedGame &
  Parameters<typeof gameStatus>[0] & { type: string; players: number; createdAt: Date };

/** A game on a phone: a card rather than a table row too wide for the screen. */
function GameCard({
  game,
  archived,
  actions,
  selected,
  onToggle,
}: {
  game: ListRow;
  archived: boolean;
  actions: Actions;
  selected: boolean;
  onToggle: () => void;
}) {
  const intl = useIntl();
  return (
    <Paper withBorder p="sm" radius="md" bg={selected ? 'blue.0' : undefined} data-testid="game-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="sm" miw={0}>
            <Checkbox
              aria-label={intl.formatMessage({ id: 'dashboard.selectGame' }, { name: game.name })}
              checked={selected}
              onChange={onToggle}
            />
            <Text component={Link} to={paths.game(game.id, 'intro')} fw={600} c="blue.7" truncate>
              {game.name}
            </Text>
          </Group>
          <RowMenu game={game} archived={archived} actions={actions} />
        </Group>
        <Group justify="space-between" wrap="nowrap" gap="sm" pl={32}>
          <Stack gap={6} miw={0}>
            <StatusBadge status={gameStatus(game)} />
            <Text size="xs" c="dimmed">
              <FormattedMessage id={gameTypeNameId(game.type)} /> ·{' '}
              <FormattedMessage id="dashboard.colPlayers" />: {game.players} ·{' '}
              <FormattedDate value={game.createdAt} dateStyle="medium" />
            </Text>
          </Stack>
          <JoinLinkButton gameId={game.id} />
        </Group>
      </Stack>
    </Paper>
  );
}

export function GamesList() {
  const intl = useIntl();
  const [archived, setArchived] = useState(false);
  const [type, setType] = useState<GameTypeFilter | null>(null);
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search.trim(), 250);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [copying, setCopying] = useState<ListedGame | null>(null);
  const [templating, setTemplating] = useState<ListedGame | null>(null);
  const [merging, setMerging] = useState<Array<ListedGame & { createdAt: Date }> | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState<{ action: ConfirmedAction; gameIds: string[] } | null>(null);
  const archive = useArchiveGames();
  const publish = usePublishGames();

  const filter = {
    archived,
    ...(type ? { type } : {}),
    ...(searched ? { search: searched.slice(0, 80) } : {}),
  };
  const games = trpc.dashboard.games.useInfiniteQuery(filter, {
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: (previous) => previous,
  });
  // Tick 0 is the subscription starting; each later one is a change made somewhere: the pages
  // loaded are read again (an in-flight read, maybe older than the change, is cancelled).
  trpc.dashboard.watchGames.useSubscription(undefined, {
    onData: (tick) => {
      if (tick > 0) void games.refetch();
    },
  });

  const rows = games.data?.pages.flatMap((page) => page.games) ?? [];
  const selected = rows.filter((game) => selectedIds.has(game.id));
  const clearSelection = () => setSelectedIds(new Set());
  const toggle = (gameId: string) =>
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(gameId)) next.add(gameId);
      return next;
    });
  const actions: Actions = {
    copy: setCopying,
    saveAsTemplate: setTemplating,
    merge: setMerging,
    archive: (gameIds) => {
      archive(gameIds, !archived);
      clearSelection();
    },
    publish,
    confirm: (action, gameIds) => setConfirming({ action, gameIds }),
    remove: setDeleting,
  };
  const allSelected = rows.length > 0 && selected.length === rows.length;
  const phone = useMediaQuery('(max-width: 48em)');

  const emptyId =
    searched || type ? 'dashboard.noMatch' : archived ? 'dashboard.noArchives' : 'dashboard.noGames';
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          value={archived ? 'archived' : 'current'}
          onChange={(value) => {
            setArchived(value === 'archived');
            clearSelection();
          }}
          data={[
            { value: 'current', label: intl.formatMessage({ id: 'dashboard.listCurrent' }) },
            { value: 'archived', label: intl.formatMessage({ id: 'dashboard.listArchived' }) },
          ]}
          data-testid="list-archives"
        />
        <Group gap="sm" wrap="wrap">
          <Select
            aria-label={intl.formatMessage({ id: 'dashboard.colType' })}
            placeholder={intl.formatMessage({ id: 'dashboard.allTypes' })}
            data={GAME_TYPES.map((value) => ({
              value,
              label: intl.formatMessage({
                id: value === 'beergame' ? 'dashboard.typeBeergame' : 'dashboard.typeLeangame',
              }),
            }))}
            value={type}
            onChange={(value) => {
              setType(value as GameTypeFilter | null);
              clearSelection();
            }}
            clearable
            w={170}
          />
          <TextInput
            aria-label={intl.formatMessage({ id: 'dashboard.search' })}
            placeholder={intl.formatMessage({ id: 'dashboard.search' })}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              clearSelection();
            }}
            maxLength={80}
            w={220}
            data-testid="games-search"
          />
        </Group>
      </Group>
      {selected.length > 0 && (
        <SelectionBar selected={selected} archived={archived} actions={actions} onClear={clearSelection} />
      )}
      {games.isPending ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="md">
          <FormattedMessage id={emptyId} />
        </Text>
      ) : phone ? (
        <Stack gap="xs">
          {rows.map((game) => (
            <GameCard
              key={game.id}
              game={game}
              archived={archived}
              actions={actions}
              selected={selectedIds.has(game.id)}
              onToggle={() => toggle(game.id)}
            />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={intl.formatMessage({ id: 'dashboard.selectAll' })}
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={() =>
                      setSelectedIds(allSelected ? new Set() : new Set(rows.map((game) => game.id)))
                    }
                  />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="dashboard.colGame" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="dashboard.colStatus" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="dashboard.colPlayers" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="dashboard.colCreated" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="dashboard.colJoinLink" />
                </Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((game) => (
                <Table.Tr
                  key={game.id}
                  data-testid="game-row"
                  bg={selectedIds.has(game.id) ? 'blue.0' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={intl.formatMessage({ id: 'dashboard.selectGame' }, { name: game.name })}
                      checked={selectedIds.has(game.id)}
                      onChange={() => toggle(game.id)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text component={Link} to={paths.game(game.id, 'intro')} fw={600} c="blue.7">
                        {game.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        <FormattedMessage id={gameTypeNameId(game.type)} />
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={gameStatus(game)} />
                  </Table.Td>
                  <Table.Td>{game.players}</Table.Td>
                  <Table.Td>
                    <FormattedDate value={game.createdAt} dateStyle="medium" timeStyle="short" />
                  </Table.Td>
                  <Table.Td>
                    <JoinLinkButton gameId={game.id} />
                  </Table.Td>
                  <Table.Td>
                    <RowMenu game={game} archived={archived} actions={actions} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {games.hasNextPage && (
        <Button variant="default" onClick={() => games.fetchNextPage()} loading={games.isFetchingNextPage}>
          <FormattedMessage id="dashboard.loadMore" />
        </Button>
      )}
      <CopyGameDialog game={copying} onClose={() => setCopying(null)} />
      <SaveAsTemplateDialog game={templating} onClose={() => setTemplating(null)} />
      <MergeIntoTemplateDialog games={merging} onClose={() => setMerging(null)} onMerged={clearSelection} />
      <DeleteGamesDialog gameIds={deleting} onClose={() => setDeleting(null)} onDeleted={clearSelection} />
      <ConfirmGamesAction
        action={confirming?.action ?? null}
        gameIds={confirming?.gameIds ?? []}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
