import { Button, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconCoin, IconTargetArrow, IconTruckDelivery, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame/view';
import { type BeerBriefing, beerBriefing } from '../../../src-shared/rules/beer-briefing';
import { useFacilityName } from '../../ui/facility-name';
import { LazyModal } from '../../ui/lazy-modal';

const money = (value: number) => (
  <FormattedNumber value={value} minimumFractionDigits={2} maximumFractionDigits={2} />
);

const SIGHT_MESSAGES: Record<BeerBriefing['sight'], string> = {
  everyone: 'rules.demandTransparent',
  consumers: 'rules.demandConsumers',
  client: 'rules.demandClient',
};

/** The rules of this game as its own parameters set them: the goal, what a unit costs, the delays. */
export function BeerRulesList({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  const briefing = beerBriefing(view);
  if (!briefing) return null;
  const facility = view.facilities.find((f) => f.id === briefing.facilityId)!;
  const nameOf = (id: string) => {
    const f = view.facilities.find((x) => x.id === id);
    return f ? facilityName(f) : id;
  };
  const product = (pid: string) => view.products.find((p) => p.id === pid);
  const several = view.products.length > 1;
  const icon = (Icon: typeof IconCoin) => (
    <ThemeIcon size={26} radius="xl" variant="light">
      <Icon size={16} />
    </ThemeIcon>
  );
  return (
    <List spacing="sm" size="sm" data-testid="game-rules">
      <List.Item icon={icon(IconTargetArrow)}>
        <FormattedMessage id="rules.goal" values={{ weeks: briefing.weeks }} />
      </List.Item>
      {briefing.costs.map((cost) => (
        <List.Item key={cost.pid} icon={icon(IconCoin)}>
          {several && `${product(cost.pid)?.productEmoji ?? ''} ${product(cost.pid)?.name ?? cost.pid}: `}
          <FormattedMessage
            id="rules.costs"
            values={{ stockCost: money(cost.stockCost), backlogCost: money(cost.backlogCost) }}
          />
        </List.Item>
      ))}
      {briefing.supplyLines.map((line) => (
        <List.Item key={line.capabilityId} icon={icon(IconTruckDelivery)}>
          <FormattedMessage
            id={line.kind === 'production' ? 'rules.production' : 'rules.purchase'}
            values={{
              supplier: line.supplierId ? nameOf(line.supplierId) : '',
              orderWeeks: line.orderWeeks,
              transitWeeks: line.transitWeeks,
              totalWeeks: line.totalWeeks,
            }}
          />
        </List.Item>
      ))}
      <List.Item icon={icon(IconUsers)}>
        <FormattedMessage
          id={SIGHT_MESSAGES[briefing.sight]}
          values={{ client: facility.clients.map(nameOf).join(', ') }}
        />{' '}
        <FormattedMessage id="rules.week" />
      </List.Item>
    </List>
  );
}

/** The rules on a card, with whose role they describe (the intro page). */
export function BeerRules({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  const briefing = beerBriefing(view);
  if (!briefing) return null;
  const facility = view.facilities.find((f) => f.id === briefing.facilityId)!;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3}>
          <FormattedMessage id="rules.title" />
        </Title>
        {!view.myFacilityId && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="rules.forRole" values={{ role: facilityName(facility) }} />
          </Text>
        )}
        <BeerRulesList view={view} />
      </Stack>
    </Card>
  );
}

/** A button that opens the rules, for the play page where space is short. */
export function BeerRulesButton({ view }: { view: BeerView }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconBook size={16} />}
        onClick={() => setOpened(true)}
        data-testid="open-rules"
      >
        <FormattedMessage id="rules.title" />
      </Button>
      <LazyModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="rules.title" />}
      >
        <BeerRulesList view={view} />
      </LazyModal>
    </>
  );
}
