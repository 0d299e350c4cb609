import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../paths';

/** The end of a demo, above its debrief: the call to run the game with a class, by signing up. */
export function DemoSignUpCall() {
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      bg="var(--mantine-color-blue-light)"
      data-testid="demo-sign-up-call"
    >
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <FormattedMessage id="front.demoEndTitle" />
        </Title>
        <Text>
          <FormattedMessage id="front.demoEndText" />
        </Text>
        <Group>
          <Button
            component={Link}
            to={paths.signup()}
            size="md"
            h="auto"
            mih={42}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
          >
            <FormattedMessage id="front.demoSignUp" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
