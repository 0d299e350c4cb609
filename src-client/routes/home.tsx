import { Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { JoinByCode } from '../features/game-shell/join-by-code';
import { paths } from '../paths';

const FEATURES = ['home.featureLive', 'home.featureScience', 'home.featureDebrief'] as const;

export function HomePage() {
  const intl = useIntl();
  const { user } = useCurrentUser();
  useDocumentTitle(intl.formatMessage({ id: 'app.name' }));
  // Signed-in instructors go straight to their dashboard (spec, route /).
  if (isInstructor(user)) return <Navigate to={paths.dashboard()} replace />;
  return (
    <Stack gap="xl" py="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        <Stack gap="md" maw={720}>
          <Title order={1} fz={{ base: 30, sm: 44 }}>
            <FormattedMessage id="home.title" />
          </Title>
          <Text size="lg" c="dimmed">
            <FormattedMessage id="home.subtitle" />
          </Text>
          <Group>
            <Button component={Link} to={paths.login()} size="md" variant="default">
              <FormattedMessage id="home.login" />
            </Button>
            <Button component={Link} to={paths.signup()} size="md">
              <FormattedMessage id="home.signup" />
            </Button>
          </Group>
        </Stack>
        <JoinByCode />
      </SimpleGrid>
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
    </Stack>
  );
}
