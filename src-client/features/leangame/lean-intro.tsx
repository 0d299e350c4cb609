import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCpu, IconEye } from '@tabler/icons-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useRef } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { LeanGameView } from '../../../src-shared/leangame';
import { withInstructorMessages } from '../../i18n';
import { loadChunk } from '../../load-chunk';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { JoinInLobby } from '../../ui/join-in-lobby';
import { LEAN_FACILITY_ICONS } from './glyphs';

// The draft's notice is its creator's alone, in the dashboard's words: never in a player's first load.
const DraftNotice = lazy(async () => ({
  default: (await withInstructorMessages(loadChunk(() => import('./draft-notice')))).DraftNotice,
}));

/** What the intro takes from the game shell (the route passes them: a feature does not import another). */
export interface LeanIntroParts {
  /** Taking a seat: the name typed, the sign-in, the join until seated (game-shell/take-seat.tsx). */
  useTakeSeat: (gameId: string) => {
    take: (
      seat: string,
      send: (commandId: string) => Promise<unknown>,
      seated: () => boolean,
    ) => Promise<void>;
    joining: string | null;
    nameInput: ReactNode;
  };
  MySeatCard: ComponentType<{ gameId: string; seat: string }>;
  ShareButtons: ComponentType<{ gameId: string }>;
  ShareLinkCard: ComponentType<{ gameId: string }>;
}

/**
 * A lean game's intro page: what the round is (products, orders, length, what each facility
 * does), its facilities to take, and for its creator the join link and the way to the floor.
 */
export function LeanIntro({ view, parts }: { view: LeanGameView; parts: LeanIntroParts }) {
  const { MySeatCard, ShareButtons, ShareLinkCard } = parts;
  const intl = useIntl();
  const navigate = useNavigate();
  const join = trpc.leangame.join.useMutation();
  const latestView = useRef(view);
  latestView.current = view;
  const { gameId, params } = view;
  const playPath = paths.game(gameId, 'play');
  const { take, joining, nameInput } = parts.useTakeSeat(gameId);
  const mine = view.facilities.find((f) => f.id === view.me);
  // A session's team game is joined through its lobby (the server refuses a seat taken here).
  const inSession = !view.finished && !view.isCreator && !mine && view.session;
  const canJoin = !view.finished && !view.isCreator && !mine && !view.session;
  const joinAs = (facilityId: string) =>
    take(
      facilityId,
      (commandId) => join.mutateAsync({ gameId, facilityId, commandId }),
      () => latestView.current.me === facilityId,
    );

  const status = view.finished
    ? 'lean.intro.statusEnded'
    : view.started
      ? 'lean.intro.statusPlaying'
      : 'lean.intro.statusWaiting';
  const types = [...new Set(view.facilities.map((f) => f.type))];

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{view.name}</Title>
          <Text c="dimmed" data-testid="lean-status">
            <FormattedMessage
              id={status}
              values={{ minute: view.clock.minute, minutes: params.consumerDemandParams.totalDuration }}
            />
          </Text>
        </Stack>
        {view.isCreator && (
          <Group>
            <ShareButtons gameId={gameId} />
            <Button onClick={() => navigate(playPath)} data-testid="open-floor">
              <FormattedMessage id="lean.intro.openFloor" />
            </Button>
          </Group>
        )}
      </Group>

      {view.isCreator && view.draft && (
        <Suspense fallback={null}>
          <DraftNotice gameId={gameId} />
        </Suspense>
      )}

      {mine && !view.finished && <MySeatCard gameId={gameId} seat={mine.name} />}

      {view.isCreator && <ShareLinkCard gameId={gameId} />}

      {inSession && <JoinInLobby sessionId={inSession.sessionId} />}

      {canJoin && nameInput}

      <Group justify="space-between">
        <Title order={3}>
          <FormattedMessage id={canJoin ? 'lean.intro.chooseFacility' : 'lean.intro.facilities'} />
        </Title>
        {!mine && !view.isCreator && !view.finished && (
          <Button
            variant="subtle"
            leftSection={<IconEye size={18} />}
            onClick={() => navigate(playPath)}
            data-testid="watch"
          >
            <FormattedMessage id="lean.intro.watch" />
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {view.facilities.map((facility) => {
          const Icon = LEAN_FACILITY_ICONS[facility.type];
          const taken = facility.taken;
          return (
            <Card key={facility.id} withBorder padding="lg" data-testid={`facility-${facility.id}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <Icon size={22} aria-hidden />
                    <Text fw={700}>{facility.name}</Text>
                  </Group>
                  {taken ? (
                    <Badge color="gray" style={{ flexShrink: 0 }}>
                      <FormattedMessage id="game.roleTaken" />
                    </Badge>
                  ) : (
                    <Badge color="green" style={{ flexShrink: 0 }}>
                      <FormattedMessage id="game.roleFree" />
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id={`lean.facilityType.${facility.type}`} />
                </Text>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {!taken && <IconCpu size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />}
                  <Text size="sm">
                    {facility.playerName ?? (
                      <FormattedMessage
                        id={view.started ? 'lean.intro.computerPlays' : 'lean.intro.computerUnlessTaken'}
                      />
                    )}
                  </Text>
                </Group>
                {canJoin && (
                  <Button
                    onClick={() => joinAs(facility.id)}
                    loading={joining === facility.id}
                    disabled={taken || (joining !== null && joining !== facility.id)}
                    aria-label={intl.formatMessage({ id: 'game.playAs' }, { role: facility.name })}
                  >
                    <FormattedMessage id="lean.intro.take" />
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      <Card withBorder padding="lg">
        <Title order={3} mb="xs">
          <FormattedMessage id="lean.intro.howTitle" />
        </Title>
        <List spacing={6} size="sm">
          <List.Item>
            <FormattedMessage
              id="lean.intro.products"
              values={{
                count: params.productsTemplates.length,
                names: intl.formatList(params.productsTemplates.map((p) => p.name)),
              }}
            />
          </List.Item>
          <List.Item>
            <FormattedMessage
              id="lean.intro.round"
              values={{
                minutes: params.consumerDemandParams.totalDuration,
                leadTime: params.customerLeadTime,
              }}
            />
          </List.Item>
          <List.Item>
            <FormattedMessage id="lean.intro.batch" values={{ batchSize: view.batchSize }} />
          </List.Item>
          <List.Item>
            <FormattedMessage
              id="lean.intro.times"
              values={{
                operation: <FormattedNumber value={params.times.operation * 60} maximumFractionDigits={1} />,
                changeover: (
                  <FormattedNumber value={params.times.changeover * 60} maximumFractionDigits={1} />
                ),
              }}
            />
          </List.Item>
          {types.map((type) => (
            <List.Item key={type}>
              <Text size="sm" component="span" fw={600}>
                <FormattedMessage id={`lean.facilityType.${type}`} />
              </Text>
              {': '}
              <FormattedMessage id={`lean.does.${type}`} />
            </List.Item>
          ))}
          <List.Item>
            <FormattedMessage id="lean.intro.computer" />
          </List.Item>
        </List>
      </Card>
    </>
  );
}
