import { Alert, Button } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../paths';

/**
 * A team's game of a session is joined through the session's lobby, whose seating rules (teams,
 * carried players) the server keeps: a visitor of the game's own page is sent there.
 */
export function JoinInLobby({ sessionId }: { sessionId: string }) {
  return (
    <Alert color="blue" icon={<IconUsersGroup />} data-testid="join-in-lobby">
      <FormattedMessage id="session.joinInLobby" />
      <Button
        component={Link}
        to={paths.session(sessionId)}
        variant="light"
        size="xs"
        mt="xs"
        display="block"
        w="fit-content"
      >
        <FormattedMessage id="session.openLobby" />
      </Button>
    </Alert>
  );
}
