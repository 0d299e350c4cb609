import {
  Anchor,
  Box,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { JoinByCode } from '../features/game-shell/join-by-code';
import { loadChunk } from '../load-chunk';
import { usePageTitle, usePortalLook } from '../look';
import { paths } from '../paths';

const FEATURES = ['home.featureLive', 'home.featureScience', 'home.featureDebrief'] as const;

// The games' pictures load after the page: its first load stays a player's (the join box).
const BeerChainPicture = lazy(async () => ({
  default: (await loadChunk(() => import('../features/demo/game-pictures'))).BeerChainPicture,
}));
const LeanFactoryPicture = lazy(async () => ({
  default: (await loadChunk(() => import('../features/demo/game-pictures'))).LeanFactoryPicture,
}));

/** Room for a picture while it loads (640 × 200), so that the page does not jump. */
function PictureFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box style={{ aspectRatio: '16 / 5' }}>
      <Suspense fallback={null}>{children}</Suspense>
    </Box>
  );
}

/** One game on the home page: its picture, its name and what it teaches. */
function GameCard({ game, children }: { game: 'beer' | 'lean'; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        <PictureFrame>{children}</PictureFrame>
      </Card.Section>
      <Stack gap={6} mt="md">
        <Title order={3} fz="h4">
          <FormattedMessage id={`front.${game}Title`} />
        </Title>
        <Text size="sm">
          <FormattedMessage id={`front.${game}Text`} />
        </Text>
      </Stack>
    </Card>
  );
}

function GamesShowcase() {
  const intl = useIntl();
  const facility = (id: string) => intl.formatMessage({ id: `facility.${id}` });
  return (
    <Stack gap="md" component="section" aria-labelledby="home-games">
      <Title order={2} id="home-games" fz={{ base: 24, sm: 30 }}>
        <FormattedMessage id="front.gamesTitle" />
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <GameCard game="beer">
          <BeerChainPicture
            label={intl.formatMessage({ id: 'front.beerAlt' })}
            names={[
              facility('factory'),
              facility('distributor'),
              facility('wholesaler'),
              facility('retailer'),
            ]}
          />
        </GameCard>
        <GameCard game="lean">
          <LeanFactoryPicture label={intl.formatMessage({ id: 'front.leanAlt' })} />
        </GameCard>
      </SimpleGrid>
    </Stack>
  );
}

export function HomePage() {
  const { user } = useCurrentUser();
  const look = usePortalLook();
  usePageTitle(null);
  // Signed-in instructors go straight to their dashboard (spec, route /).
  if (isInstructor(user)) return <Navigate to={paths.dashboard()} replace />;
  return (
    <Stack gap={48} py="xl">
      <Grid gap="xl" align="center">
        {/* A player's way in comes first on a phone; on a wide screen it stands beside the title. */}
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <JoinByCode />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md" maw={720}>
            <Title order={1} fz={{ base: 30, sm: 44 }}>
              {/* A portal's home is headed by its hero title. */}
              {look ? look.heroTitle : <FormattedMessage id="home.title" />}
            </Title>
            <Text size="lg" c="dimmed">
              <FormattedMessage id="home.subtitle" />
            </Text>
            <Group>
              <Button component={Link} to={paths.demo()} size="md" color="teal.9" data-testid="try-demo">
                <FormattedMessage id="front.tryDemo" />
              </Button>
              {!look && (
                <Button component={Link} to={paths.signup()} size="md">
                  <FormattedMessage id="home.signup" />
                </Button>
              )}
              <Button component={Link} to={paths.login()} size="md" variant="default">
                <FormattedMessage id="home.login" />
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="front.tryDemoHint" />
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <GamesShowcase />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {FEATURES.map((id, index) => (
          <Stack key={id} gap={6}>
            <ThemeIcon size="lg" radius="xl" variant="light">
              {index + 1}
            </ThemeIcon>
            <Text fw={600}>
              <FormattedMessage id={`${id}Title`} />
            </Text>
            <Text size="sm" c="dimmed">
              <FormattedMessage id={`${id}Text`} />
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to={paths.leaderboard()}>
        <FormattedMessage id="front.leaderboardLink" />
      </Anchor>
    </Stack>
  );
}
