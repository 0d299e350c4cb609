import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type CataloguePlan,
  PLAN_DURATIONS,
  type PlanDuration,
  type PlanName,
} from '../../../src-shared/billing/catalogue';
import type { PlanGameType } from '../../../src-shared/billing/invoice';
import { formatCents } from './format';
import { gameTypeName, planLabel } from './labels';

export interface PlanChoice {
  gameType: PlanGameType;
  planName: PlanName;
  durationDays: PlanDuration;
}

/** The catalogue (spec point 9): the game type, the length, then one of the three plans with its price before VAT. */
export function PlanChooser({
  catalogue,
  gameTypes,
  choice,
  onChange,
}: {
  catalogue: readonly CataloguePlan[];
  gameTypes: readonly PlanGameType[];
  choice: PlanChoice;
  onChange: (choice: PlanChoice) => void;
}) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          value={choice.gameType}
          onChange={(value) => onChange({ ...choice, gameType: value as PlanGameType })}
          data={gameTypes.map((type) => ({ value: type, label: gameTypeName(intl, type) }))}
          data-testid="purchase-game-type"
        />
        <SegmentedControl
          value={String(choice.durationDays)}
          onChange={(value) => {
            // A choice of the catalogue's lengths, never a number read from the text.
            const durationDays = PLAN_DURATIONS.find((days) => String(days) === value);
            if (durationDays) onChange({ ...choice, durationDays });
          }}
          data={PLAN_DURATIONS.map((days) => ({
            value: String(days),
            label: intl.formatMessage({ id: `billing.duration${days}` }),
          }))}
          data-testid="purchase-duration"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {catalogue.map((plan) => {
          const chosen = plan.planName === choice.planName;
          return (
            <UnstyledButton
              key={plan.planName}
              onClick={() => onChange({ ...choice, planName: plan.planName })}
              aria-pressed={chosen}
              data-testid={`catalogue-${plan.planName}`}
            >
              <Card
                withBorder
                padding="md"
                h="100%"
                style={{
                  borderColor: chosen ? 'var(--mantine-color-blue-6)' : undefined,
                  borderWidth: chosen ? 2 : 1,
                }}
              >
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Text fw={700}>{planLabel(intl, plan.planName)}</Text>
                    {chosen && (
                      <Badge size="sm">
                        <FormattedMessage id="billing.chosen" />
                      </Badge>
                    )}
                  </Group>
                  <Text size="xl" fw={800} data-testid={`price-${plan.planName}`}>
                    {formatCents(intl.locale, plan.priceCents[choice.durationDays], 'EUR')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <FormattedMessage id="billing.priceBeforeVat" values={{ days: choice.durationDays }} />
                  </Text>
                  <Text size="sm">
                    {plan.players === null ? (
                      <FormattedMessage id="billing.playersUnlimited" />
                    ) : (
                      <FormattedMessage id="billing.players" values={{ players: plan.players }} />
                    )}
                  </Text>
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="billing.licenses" values={{ licenses: plan.licenses }} />
                  </Text>
                </Stack>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
