import {
  Anchor,
  Badge,
  Card,
  Flex,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { trpc } from '../../trpc';

interface Step {
  key: string;
  done: boolean;
  /** Where the step is done. */
  to: string;
}

/**
 * The first steps of an instructor (spec, onboarding flags), each done or with a link to where it
 * is done: create a game, share its join link, run and debrief it, then run a session (several
 * teams, round after round), and with plans on choose a plan. Each is ticked from what the
 * instructor's games, sessions and plans say.
 */
export function OnboardingChecklist() {
  const onboarding = trpc.dashboard.onboarding.useQuery();
  const intl = useIntl();
  if (onboarding.isPending) return <Loader />;
  if (onboarding.isError) return null;
  const {
    hasCreated,
    hasSharedGames,
    hasFinishedGames,
    hasPublishedSessions,
    newestGameId,
    plansOn,
    hasPlan,
  } = onboarding.data;
  const gamePage = newestGameId ? paths.game(newestGameId, 'intro') : paths.dashboard('games');
  const steps: Step[] = [
    { key: 'create', done: hasCreated, to: paths.dashboard('games') },
    { key: 'share', done: hasSharedGames, to: gamePage },
    { key: 'run', done: hasFinishedGames, to: gamePage },
    { key: 'session', done: hasPublishedSessions, to: paths.dashboard('sessions') },
    // With plans on (the hosted service), a plan or a trial for the classes to come.
    ...(plansOn ? [{ key: 'plan', done: hasPlan, to: `${paths.dashboard('subscription')}#purchase` }] : []),
  ];
  const done = steps.filter((step) => step.done).length;
  return (
    <Card withBorder padding="lg" data-testid="onboarding">
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={3}>
            <FormattedMessage id="dashboard.onboardingTitle" />
          </Title>
          <Badge variant="light" color={done === steps.length ? 'teal' : 'blue'} size="lg" tt="none">
            <FormattedMessage id="dashboard.onboardingProgress" values={{ done, steps: steps.length }} />
          </Badge>
        </Group>
        <Progress
          value={(done / steps.length) * 100}
          color="teal"
          size="sm"
          aria-label={intl.formatMessage(
            { id: 'dashboard.onboardingProgress' },
            { done, steps: steps.length },
          )}
        />
        {steps.map((step) => (
          <Group key={step.key} wrap="nowrap" align="flex-start" data-testid={`onboarding-${step.key}`}>
            <ThemeIcon
              variant={step.done ? 'filled' : 'light'}
              color={step.done ? 'teal' : 'gray'}
              radius="xl"
              size="lg"
            >
              {step.done ? <IconCircleCheck size={20} /> : <IconCircleDashed size={20} />}
            </ThemeIcon>
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              justify="space-between"
              gap={{ base: 4, sm: 'md' }}
              style={{ flex: 1 }}
            >
              <Stack gap={2}>
                <Text
                  fw={600}
                  td={step.done ? 'line-through' : undefined}
                  c={step.done ? 'dimmed' : undefined}
                >
                  <FormattedMessage id={`dashboard.onboarding.${step.key}Title`} />
                </Text>
                <Text size="sm" c="dimmed">
                  <FormattedMessage id={`dashboard.onboarding.${step.key}Text`} />
                </Text>
              </Stack>
              {!step.done && (
                <Anchor component={Link} to={step.to} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    <FormattedMessage id={`dashboard.onboarding.${step.key}Action`} />
                    <IconArrowRight size={16} />
                  </Group>
                </Anchor>
              )}
            </Flex>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
