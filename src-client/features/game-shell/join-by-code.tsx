import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { formatJoinCode, JOIN_CODE_REFUSED, normaliseJoinCode } from '../../../src-shared/rules/join-code';
import { paths } from '../../paths';
import { trpc } from '../../trpc';

/** Room for a code typed with separators, such as "acd - 4fh". */
const TYPED_CODE_MAX = 12;

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The page a join code leads to: a session's lobby when it names a published session, else the
 * game's intro page. Rejects with the lookup's refusal (its message id) when it names neither.
 */
export async function joinCodeTarget(utils: Utils, code: string): Promise<string> {
  const found = await utils.join.byCode.fetch({ code }, { retry: false, staleTime: 0 });
  return found.kind === 'session'
    ? paths.session(found.sessionId, 'lobby')
    : paths.game(found.gameId, 'intro');
}

/**
 * The "Join a game" box: a player types the short code the instructor shows and lands on the
 * session's lobby or the game's intro page. Sized for a phone: a big field that opens the keyboard in capitals.
 */
export function JoinByCode({
  initialCode = '',
  initialError,
}: {
  initialCode?: string;
  initialError?: string;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [typed, setTyped] = useState(initialCode);
  const [errorId, setErrorId] = useState(initialError);
  const [looking, setLooking] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseJoinCode(typed);
    if (!code) {
      setErrorId('game.errCodeFormat');
      return;
    }
    setLooking(true);
    try {
      navigate(await joinCodeTarget(utils, code));
    } catch (error) {
      const messageId = (error as { data?: { messageId?: string } | null }).data?.messageId;
      setErrorId(messageId ?? (navigator.onLine ? 'game.errCouldNotConnect' : 'errors.offline'));
    } finally {
      setLooking(false);
    }
  };

  return (
    <Card withBorder shadow="sm" radius="lg" padding="lg" maw={520} w="100%" style={{ alignSelf: 'start' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz={{ base: 22, sm: 26 }}>
            <FormattedMessage id="home.joinTitle" />
          </Title>
          <TextInput
            label={intl.formatMessage({ id: 'home.joinCodeLabel' })}
            description={intl.formatMessage({ id: 'home.joinCodeHint' })}
            placeholder={formatJoinCode('ACD4FH')}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value.toUpperCase());
              setErrorId(undefined);
            }}
            error={
              errorId ? intl.formatMessage({ id: errorId }, { lookAlikes: JOIN_CODE_REFUSED }) : undefined
            }
            maxLength={TYPED_CODE_MAX}
            size="xl"
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            inputMode="text"
            enterKeyHint="go"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em', fontWeight: 700 } }}
            data-testid="join-code-input"
          />
          <Button type="submit" size="lg" fullWidth loading={looking} data-testid="join-code-submit">
            <FormattedMessage id="home.joinButton" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
