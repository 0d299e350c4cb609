import { Alert, Button, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import superjson from 'superjson';
import type { AppRouter } from '../../../src-server/trpc/router';
import { authClient, useCurrentUser } from '../../auth';
import { paths } from '../../paths';

/**
 * `demo.create` over HTTP: the page's WebSocket opened before the visitor's anonymous sign-in and
 * carries no sign-in until the app replaces it; a request carries the new cookie at once.
 */
const httpClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
});

/** The refusal's message id (a rate limit, ...), else the demo's own. */
const refusalOf = (error: unknown): { id: string; values?: Record<string, unknown> } => {
  const data = (error as { data?: { messageId?: string; values?: Record<string, unknown> } } | null)?.data;
  return data?.messageId ? { id: data.messageId, values: data.values } : { id: 'front.demoFailed' };
};

/**
 * Starts a demo as the page opens (one click from the home page): signs a visitor in anonymously
 * (nothing is kept on the device for a later sign-in: the demo is not a class's game), asks for a
 * demo game and opens it. A refusal is shown with a way to try again.
 */
export function StartDemo() {
  const navigate = useNavigate();
  const { user, pending } = useCurrentUser();
  const [failure, setFailure] = useState<ReturnType<typeof refusalOf> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);

  useEffect(() => {
    if (pending || started.current === attempt) return;
    started.current = attempt;
    const signedIn = user !== null;
    void (async () => {
      try {
        if (!signedIn) {
          const signIn = await authClient.signIn.anonymous();
          if (signIn.error) throw new Error('sign-in');
        }
        const { gameId } = await httpClient.demo.create.mutate();
        navigate(paths.game(gameId, 'play'), { replace: true });
      } catch (error) {
        setFailure(refusalOf(error));
      }
    })();
  }, [pending, user, attempt, navigate]);

  return (
    <Stack gap="lg" py="xl" maw={640} mx="auto">
      <Title order={1}>
        <FormattedMessage id="front.demoTitle" />
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Text>
            <FormattedMessage id="front.demoIntro" />
          </Text>
          {failure ? (
            <Alert color="red" role="alert">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">
                  <FormattedMessage id={failure.id} values={failure.values as never} />
                </Text>
                <Button
                  onClick={() => {
                    setFailure(null);
                    setAttempt((n) => n + 1);
                  }}
                >
                  <FormattedMessage id="front.demoRetry" />
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Stack gap="xs" align="center" role="status">
              <Loader />
              <Text c="dimmed" size="sm">
                <FormattedMessage id="front.demoStarting" />
              </Text>
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
