import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';

import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { trpc } from '../trpc';
import { toastError } from '../ui/notify';
import { rememberTarget } from './auth';

export const joinLink = (gameId: string) => `${location.origin}/game/${gameId}/intro`;

function CreateGameCard() {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const create = trpc.game.create.useMutation({
    onSuccess: async ({ gameId }) => {
      await utils.dashboard.games.invalidate();
      navigate(`/game/${gameId}/intro`);
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim() || intl.formatMessage({ id: 'dashboard.defaultGameName' }),
      template: 'classic',
    });
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3}>
            <FormattedMessage id="dashboard.createTitle" />
          </Title>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={intl.formatMessage({ id: 'dashboard.gameName' })}
              placeholder={intl.formatMessage({ id: 'dashboard.defaultGameName' })}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={80}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Select
              label={intl.formatMessage({ id: 'dashboard.template' })}
              data={[{ value: 'classic', label: intl.formatMessage({ id: 'template.classic' }) }]}
              value="classic"
              allowDeselect={false}
              w={260}
            />
            <Button type="submit" loading={create.isPending}>
              <FormattedMessage id="dashboard.createButton" />
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="template.classicDescription" />
          </Text>
        </Stack>
      </form>
    </Card>
  );
}

function GamesList() {
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
                  <Text component={Link} to={`/game/${game.id}/intro`} fw={600} c="blue.7">
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
                          {copied ? '✓' : '⧉'}
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

export function DashboardPage() {
  const intl = useIntl();
  const { user, pending } = useCurrentUser();
  const location = useLocation();
  useDocumentTitle(intl.formatMessage({ id: 'dashboard.title' }));
  const mustSignUp = !pending && !isInstructor(user);
  useEffect(() => {
    if (mustSignUp) rememberTarget(location.pathname + location.search);
  }, [mustSignUp, location]);
  if (pending) return <Loader />;
  // Dashboards need an e-mail account: others sign up first and come back here (spec, /dashboard).
  if (mustSignUp) return <Navigate to="/signup" replace />;
  return (
    <Stack gap="lg" py="md">
      <Title order={2}>
        <FormattedMessage id="dashboard.welcome" values={{ name: user?.name }} />
      </Title>
      <CreateGameCard />
      <Title order={3}>
        <FormattedMessage id="dashboard.myGames" />
      </Title>
      <GamesList />
    </Stack>
  );
}
