import { Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { FormattedDate, FormattedMessage, FormattedNumber } from 'react-intl';
import { trpc } from '../../trpc';

/**
 * The leaderboard (issue 28): for each built-in template, the lowest team costs of finished public
 * games, ranked; a template nobody finished says so. It names nobody.
 */
export function Leaderboard() {
  const boards = trpc.leaderboard.boards.useQuery(undefined, { staleTime: 60_000 });
  return (
    <Stack gap="lg" py="md">
      <Stack gap="xs" maw={760}>
        <Title order={1}>
          <FormattedMessage id="front.leaderboardTitle" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="front.leaderboardIntro" />
        </Text>
      </Stack>
      {!boards.data ? (
        <Loader />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {boards.data.map((board) => (
            <Card key={board.template} withBorder padding="md" data-testid={`board-${board.template}`}>
              <Stack gap="xs">
                <Title order={2} fz="h4">
                  <FormattedMessage id={`template.${board.template}`} />
                </Title>
                {board.entries.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    <FormattedMessage id="front.leaderboardEmpty" />
                  </Text>
                ) : (
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">
                          <FormattedMessage id="front.leaderboardRank" />
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          <FormattedMessage id="front.leaderboardCost" />
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          <FormattedMessage id="front.leaderboardWeeks" />
                        </Table.Th>
                        <Table.Th scope="col">
                          <FormattedMessage id="front.leaderboardDate" />
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {board.entries.map((entry) => (
                        <Table.Tr key={`${entry.rank}-${entry.endedAt}-${entry.teamCost}`}>
                          <Table.Td>{entry.rank}</Table.Td>
                          <Table.Td ta="right">
                            <FormattedNumber value={entry.teamCost} maximumFractionDigits={2} />
                          </Table.Td>
                          <Table.Td ta="right">{entry.weeks}</Table.Td>
                          <Table.Td>
                            <FormattedDate value={entry.endedAt} dateStyle="medium" />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
