import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { toastError, toastMessage } from '../../ui/notify';

interface PlayedGame {
  gameId: string;
  name: string;
  roleName: string;
  roleType: string | null;
}

/**
 * An anonymous player seated in a game, on the log-in or sign-up page (spec point 4): they quit
 * the game first, which frees their seat (or hands it to the computer in a running round), or go
 * back to it. Once quit, the page shows its form.
 */
export function QuitFirst({ game, mode }: { game: PlayedGame; mode: 'login' | 'signup' }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const utils = trpc.useUtils();
  const quit = trpc.account.quitGame.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'game.left');
      await utils.account.playing.invalidate();
    },
    onError: (error) => toastError(intl, error),
  });
  const role = facilityName({ name: game.roleName, type: game.roleType ?? '' });
  return (
    <Center mih="80vh">
      <Paper withBorder shadow="sm" p="xl" w={440} maw="100%" data-testid="quit-first">
        <Stack>
          <Anchor component={Link} to={paths.home()} fw={800} c="blue.7">
            <FormattedMessage id="app.name" />
          </Anchor>
          <Title order={2}>
            <FormattedMessage
              id={mode === 'login' ? 'account.quitFirstLoginTitle' : 'account.quitFirstSignupTitle'}
            />
          </Title>
          <Text>
            <FormattedMessage
              id="account.quitFirstText"
              values={{ game: game.name, role, b: (chunks) => <b>{chunks}</b> }}
            />
          </Text>
          <Group>
            <Button
              color="red"
              variant="light"
              leftSection={<IconDoorExit size={18} />}
              loading={quit.isPending}
              onClick={() => quit.mutate({ gameId: game.gameId, commandId: newCommandId() })}
              data-testid="quit-first-quit"
            >
              <FormattedMessage id="nav.quitGame" />
            </Button>
            <Button component={Link} to={paths.game(game.gameId, 'play')} variant="default">
              <FormattedMessage id="account.backToGame" />
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
