import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../auth';
import { loadChunk } from '../../load-chunk';
import { paths } from '../../paths';
import { OnboardingChecklist } from './onboarding-checklist';

/** The walkthrough's code (Mantine's Modal and Stepper, 9 KB gzipped) loads when it opens. */
const WelcomeWalkthrough = lazy(async () => ({
  default: (await loadChunk(() => import('./welcome-walkthrough'))).WelcomeWalkthrough,
}));

/** The query that opens the onboarding walkthrough (spec, /dashboard/intro?welcomevideo=1). */
const WELCOME_VIDEO = 'welcomevideo';

/** The dashboard's first tab: a welcome, the first steps, and the walkthrough of a class. */
export function IntroTab() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const walkthroughOpen = search.get(WELCOME_VIDEO) === '1';
  const closeWalkthrough = () => navigate(paths.dashboard('intro'), { replace: true });
  return (
    <Stack gap="lg">
      <Card
        padding="xl"
        radius="lg"
        style={{
          background: 'linear-gradient(135deg, var(--mantine-color-blue-7), var(--mantine-color-cyan-6))',
        }}
        c="white"
      >
        <Group justify="space-between" align="center" gap="lg">
          <Stack gap="xs" maw={560}>
            <Title order={2} data-testid="welcome">
              <FormattedMessage id="dashboard.welcome" values={{ name: user?.firstname ?? user?.name }} />
            </Title>
            <Text size="lg" opacity={0.9}>
              <FormattedMessage id="dashboard.introText" />
            </Text>
            <Group gap="sm" mt="sm">
              <Button
                component={Link}
                to={paths.dashboard('games')}
                variant="white"
                leftSection={<IconPlus size={18} />}
              >
                <FormattedMessage id="dashboard.createTitle" />
              </Button>
              <Button
                component={Link}
                to={`${paths.dashboard('intro')}?${WELCOME_VIDEO}=1`}
                variant="outline"
                color="white"
                leftSection={<IconPlayerPlay size={18} />}
                data-testid="open-walkthrough"
              >
                <FormattedMessage id="dashboard.walkthroughOpen" />
              </Button>
            </Group>
          </Stack>
          <ThemeIcon size={96} radius={48} variant="white" color="blue" visibleFrom="sm">
            <IconSparkles size={56} stroke={1.5} />
          </ThemeIcon>
        </Group>
      </Card>
      <OnboardingChecklist />
      {walkthroughOpen && (
        <Suspense fallback={null}>
          <WelcomeWalkthrough
            onClose={closeWalkthrough}
            onDone={() => navigate(paths.dashboard('games'), { replace: true })}
          />
        </Suspense>
      )}
    </Stack>
  );
}
