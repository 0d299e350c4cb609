import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconGift } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { toastError, toastMessage } from '../../ui/notify';
import type { PlanRow, PlansOnStatus } from './billing-api';
import { gameTypeName, planLabel } from './labels';

/** One game type's plan: its name, until when, its players (or unlimited), the usage tag, "full". */
function PlanCard({ row }: { row: PlanRow }) {
  const intl = useIntl();
  const { plan } = row;
  return (
    <Card withBorder padding="md" data-testid={`plan-${row.gameType}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700}>{gameTypeName(intl, row.gameType)}</Text>
          {row.tag && (
            <Badge variant="light" size="lg" tt="none" data-testid={`plan-tag-${row.gameType}`}>
              {row.tag}
            </Badge>
          )}
        </Group>
        {plan && row.active ? (
          <>
            <Text>
              <FormattedMessage
                id="billing.planActive"
                values={{
                  plan: planLabel(intl, plan.planName),
                  until: intl.formatDate(plan.until, { dateStyle: 'long' }),
                }}
              />
            </Text>
            <Text size="sm" c="dimmed">
              {plan.players === null ? (
                <FormattedMessage id="billing.playersUnlimited" />
              ) : (
                <FormattedMessage id="billing.players" values={{ players: plan.players }} />
              )}
            </Text>
          </>
        ) : (
          <Text c="dimmed">
            <FormattedMessage id={plan ? 'billing.planEnded' : 'billing.noPlan'} />
          </Text>
        )}
        {row.full && plan && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            data-testid={`plan-full-${row.gameType}`}
          >
            <FormattedMessage id="billing.planFull" />
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The trial offer (spec point 9): a game type tried free, with a game ready to play. */
function TrialOffer({ status }: { status: PlansOnStatus }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const startTrial = trpc.billing.startTrial.useMutation({
    onSuccess: ({ gameName, gameId }) => {
      toastMessage(intl, 'billing.trialStarted', 'teal', undefined, { gameName });
      void utils.billing.status.invalidate();
      void utils.team.invalidate();
      void utils.dashboard.onboarding.invalidate();
      navigate(paths.game(gameId, 'intro'));
    },
    onError: (error) => toastError(intl, error),
  });
  const { days, players } = status.trial;
  return (
    <Card withBorder padding="md" bg="teal.0" data-testid="trial-offer">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconGift size={22} />
        <Text fw={600}>
          <FormattedMessage id="billing.trialTitle" />
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="billing.trialTerms" values={{ days, players }} />
      </Text>
      <Group gap="sm">
        {status.plans.map(({ gameType }) => (
          <Button
            key={gameType}
            variant="light"
            color="teal"
            loading={startTrial.isPending && startTrial.variables?.pack === gameType}
            disabled={startTrial.isPending}
            onClick={() => startTrial.mutate({ pack: gameType, commandId: newCommandId() })}
            data-testid={`start-trial-${gameType}`}
            style={{ whiteSpace: 'normal', height: 'auto', minHeight: 36 }}
          >
            <FormattedMessage id="billing.trialButton" values={{ game: gameTypeName(intl, gameType) }} />
          </Button>
        ))}
      </Group>
    </Card>
  );
}

/** The team's plans per game type, and the trial when it is offered. */
export function PlansOverview({ status }: { status: PlansOnStatus }) {
  return (
    <Stack gap="sm">
      <Title order={3}>
        <FormattedMessage id="billing.plansTitle" />
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {status.plans.map((row) => (
          <PlanCard key={row.gameType} row={row} />
        ))}
      </SimpleGrid>
      {status.trial.offered && <TrialOffer status={status} />}
    </Stack>
  );
}
