import { Button, Card, CopyButton, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { checkPlayerName, PLAYER_NAME_MAX } from '../../../src-shared/api/account';
import { ANONYMOUS_NAME } from '../../../src-shared/rules/account-flow';
import { formatJoinCode, joinCodeOf } from '../../../src-shared/rules/join-code';
import { useCurrentUser } from '../../auth';
import { joinLink, paths } from '../../paths';
import { newCommandId } from '../../trpc';
import { inputErrorMessage, TOAST_MS, toastError, toastMessage } from '../../ui/notify';
import { JoinCodeButton } from './join-code';
import { joinUntilSeated } from './join-until-seated';
import { signInAs } from './sign-in-as';

/**
 * Taking a seat from a game's intro page, whatever the game: the name the visitor types (checked
 * by the shared rule), an anonymous sign-in if needed, the join sent until the live view shows the
 * seat, then the play page.
 */
export function useTakeSeat(gameId: string) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [name, setName] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const defaultName = user && !(user.isAnonymous && user.name === ANONYMOUS_NAME) ? user.name : '';
  const playerName = name ?? defaultName;
  const nameRefusal = checkPlayerName(playerName);
  // What is wrong with the name, as the shared rule says it (empty, too long, unusable characters).
  const nameError = nameRefusal ? inputErrorMessage(intl, nameRefusal, 'game.errNameRequired') : undefined;

  /** Takes `seat` by `send` (one command id for its retries) until `seated` holds, then opens the game. */
  const take = async (seat: string, send: (commandId: string) => Promise<unknown>, seated: () => boolean) => {
    if (nameError) {
      notifications.show({ color: 'red', autoClose: TOAST_MS, message: nameError });
      return;
    }
    setJoining(seat);
    try {
      const refusal = await signInAs(user, playerName);
      if (refusal) {
        toastMessage(intl, refusal, 'red');
        return;
      }
      const commandId = newCommandId();
      await joinUntilSeated({ send: () => send(commandId), seated });
      navigate(paths.game(gameId, 'play'));
    } catch (error) {
      toastError(intl, error, 'game.errCouldNotConnect');
    } finally {
      setJoining(null);
    }
  };

  const nameInput = (
    <TextInput
      label={intl.formatMessage({ id: 'game.yourName' })}
      placeholder={intl.formatMessage({ id: 'game.yourNamePlaceholder' })}
      value={playerName}
      onChange={(e) => setName(e.currentTarget.value)}
      maxLength={PLAYER_NAME_MAX}
      maw={360}
      error={name !== null ? nameError : undefined}
      data-testid="player-name"
    />
  );
  return { take, joining, nameInput };
}

/** The seat the viewer already holds, and the way back to the game. */
export function MySeatCard({ gameId, seat }: { gameId: string; seat: string }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="lg" bg="var(--mantine-color-blue-light)" data-testid="my-seat">
      <Group justify="space-between" gap="sm">
        <Text size="lg" fw={600}>
          <FormattedMessage id="game.youPlay" values={{ role: seat }} />
        </Text>
        <Button size="md" onClick={() => navigate(paths.game(gameId, 'play'))} data-testid="continue">
          <FormattedMessage id="game.continueAs" values={{ role: seat }} />
        </Button>
      </Group>
    </Card>
  );
}

/** The creator's ways to bring players in: the join code (big, with its QR code) and the link to copy. */
export function ShareButtons({ gameId }: { gameId: string }) {
  return (
    <Group>
      <JoinCodeButton gameId={gameId} />
      <CopyButton value={joinLink(gameId)}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} data-testid="copy-join-link">
            <FormattedMessage id={copied ? 'dashboard.copied' : 'dashboard.copyLink'} />
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The join link and code in words, for the creator to paste or read out. */
export function ShareLinkCard({ gameId }: { gameId: string }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="game.shareLink" />
      </Text>
      <Text ff="monospace" data-testid="join-link" style={{ overflowWrap: 'anywhere' }}>
        {joinLink(gameId)}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        <FormattedMessage
          id="game.orTypeCode"
          values={{
            code: (
              <Text span ff="monospace" fw={700} c="var(--mantine-color-text)" data-testid="intro-join-code">
                {formatJoinCode(joinCodeOf(gameId))}
              </Text>
            ),
          }}
        />
      </Text>
    </Card>
  );
}
