import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../paths';

/** The templates tab while the instructor has no template of their own: where games start instead. */
export function TemplatesEmpty() {
  return (
    <Card withBorder padding="xl" data-testid="templates-empty">
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTemplate size={36} />
        </ThemeIcon>
        <Title order={3}>
          <FormattedMessage id="dashboard.templatesEmptyTitle" />
        </Title>
        <Text c="dimmed" maw={520}>
          <FormattedMessage id="dashboard.templatesEmptyText" />
        </Text>
        <Button component={Link} to={paths.dashboard('games')} leftSection={<IconPlus size={18} />} mt="sm">
          <FormattedMessage id="dashboard.createTitle" />
        </Button>
      </Stack>
    </Card>
  );
}
