/**
 * The games of the instructor's teammates (spec points 6 and 7), read-only: newest first, 40 a
 * page with "load more", each with its creator ('Teammate' without a name) and its page. Drafts and
 * archived games stay their creators' own (the server leaves them out).
 */
import { Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { gameStatus } from '../../../src-shared/rules/game-status';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { gameTypeNameId } from '../../ui/game-type-name';
import { JoinLinkButton, StatusBadge } from './games-list';
import { CreatorName, TEAM_LIST_REFRESH_MS } from './team-scope';

type TeamGame = {
  id: string;
  type: string;
  name: string;
  players: number;
  createdAt: Date;
  creatorName: string | null;
} & Parameters<typeof gameStatus>[0];

/** A teammate's game on a phone: a card rather than a table row too wide for the screen. */
function TeamGameCard({ game }: { game: TeamGame }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="team-game-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text component={Link} to={paths.game(game.id, 'intro')} fw={600} c="blue.7" truncate>
            {game.name}
          </Text>
          <JoinLinkButton gameId={game.id} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <StatusBadge status={gameStatus(game)} />
          <CreatorName name={game.creatorName} size="xs" />
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id={gameTypeNameId(game.type)} /> · <FormattedMessage id="dashboard.colPlayers" />
          : {game.players} · <FormattedDate value={game.createdAt} dateStyle="medium" />
        </Text>
      </Stack>
    </Paper>
  );
}

function TeamGamesTable({ rows }: { rows: TeamGame[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="team-games">
        <Table.Thead>
          <Table.Tr>
            {['dashboard.colGame', 'dashboard.colCreator', 'dashboard.colStatus', 'dashboard.colPlayers'].map(
              (id) => (
                <Table.Th key={id}>
                  <FormattedMessage id={id} />
                </Table.Th>
              ),
            )}
            <Table.Th>
              <FormattedMessage id="dashboard.colCreated" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="dashboard.colJoinLink" />
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((game) => (
            <Table.Tr key={game.id} data-testid="team-game-row">
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
                <CreatorName name={game.creatorName} />
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TeamGamesList() {
  const phone = useMediaQuery('(max-width: 48em)');
  // Teammates' changes wake their own lists: this one reads again now and then, and on focus.
  const games = trpc.dashboard.teamGames.useInfiniteQuery(
    {},
    {
      getNextPageParam: (page) => page.nextCursor,
      refetchInterval: TEAM_LIST_REFRESH_MS,
      refetchOnWindowFocus: true,
    },
  );
  const rows = games.data?.pages.flatMap((page) => page.games) ?? [];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="dashboard.teamGamesIntro" />
      </Text>
      {games.isPending ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text c="dimmed" py="md" data-testid="team-games-empty">
          <FormattedMessage id="dashboard.noTeamGames" />
        </Text>
      ) : phone ? (
        <Stack gap="xs" data-testid="team-games">
          {rows.map((game) => (
            <TeamGameCard key={game.id} game={game} />
          ))}
        </Stack>
      ) : (
        <TeamGamesTable rows={rows} />
      )}
      {games.hasNextPage && (
        <Button variant="default" onClick={() => games.fetchNextPage()} loading={games.isFetchingNextPage}>
          <FormattedMessage id="dashboard.loadMore" />
        </Button>
      )}
    </Stack>
  );
}
