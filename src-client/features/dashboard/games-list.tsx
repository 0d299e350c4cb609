import { ActionIcon, Badge, Button, CopyButton, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { joinLink, paths } from '../../paths';
import { trpc } from '../../trpc';

/** The instructor's games, newest first, a page at a time, each with its join link to copy. */
export function GamesList() {
  const intl = useIntl();
  const games = trpc.dashboard.games.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  if (games.isPending) return <Loader />;
  if (games.isError) return null;
  const rows = games.data.pages.flatMap((page) => page.games);
  if (rows.length === 0) {
    return (
      <Text c="dimmed">
        <FormattedMessage id="dashboard.noGames" />
      </Text>
    );
  }
  return (
    <Stack>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((game) => (
              <Table.Tr key={game.id} data-testid="game-row">
                <Table.Td>
                  <Text component={Link} to={paths.game(game.id, 'intro')} fw={600} c="blue.7">
                    {game.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {game.finished ? (
                    <Badge color="gray">
                      <FormattedMessage id="dashboard.finished" />
                    </Badge>
                  ) : (
                    <Badge variant="light">
                      <FormattedMessage id="game.weekOf" values={{ week: game.week, weeks: game.weeks }} />
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{game.players}</Table.Td>
                <Table.Td>
                  <FormattedDate value={game.createdAt} dateStyle="medium" timeStyle="short" />
                </Table.Td>
                <Table.Td>
                  <CopyButton value={joinLink(game.id)}>
                    {({ copied, copy }) => (
                      <Tooltip
                        label={intl.formatMessage({ id: copied ? 'dashboard.copied' : 'dashboard.copyLink' })}
                      >
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
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {games.hasNextPage && (
        <Button variant="default" onClick={() => games.fetchNextPage()} loading={games.isFetchingNextPage}>
          <FormattedMessage id="dashboard.loadMore" />
        </Button>
      )}
    </Stack>
  );
}
