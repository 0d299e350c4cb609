import { Button, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../paths';

export function NotFoundPage() {
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={2}>
        <FormattedMessage id="notFound.title" />
      </Title>
      <Text c="dimmed">
        <FormattedMessage id="notFound.text" />
      </Text>
      <Button component={Link} to={paths.home()}>
        <FormattedMessage id="notFound.home" />
      </Button>
    </Stack>
  );
}
