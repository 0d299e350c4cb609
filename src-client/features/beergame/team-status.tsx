import { Badge, Group, Text } from '@mantine/core';
import { IconCheck, IconClock, IconRobot } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame/view';
import { useFacilityName } from '../../ui/facility-name';

/** Which facilities have placed their order this week (never how much), in words as well as colours. */
export function TeamStatus({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  return (
    <Group gap="xs" data-testid="team-status">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="beer.ordersThisWeek" />
      </Text>
      {view.facilities.map((facility) =>
        facility.computer ? (
          // A computer role orders when the week closes: it never holds the week up.
          <Badge
            key={facility.id}
            variant="light"
            color="violet"
            tt="none"
            leftSection={<IconRobot size={14} />}
          >
            <FormattedMessage id="beer.computerOrders" values={{ role: facilityName(facility) }} />
          </Badge>
        ) : (
          <Badge
            key={facility.id}
            variant={facility.validated ? 'filled' : 'outline'}
            color={facility.validated ? 'green' : 'gray'}
            tt="none"
            data-validated={facility.validated}
            leftSection={facility.validated ? <IconCheck size={14} /> : <IconClock size={14} />}
          >
            <FormattedMessage
              id={facility.validated ? 'beer.hasOrdered' : 'beer.notOrderedYet'}
              values={{ role: facilityName(facility) }}
            />
          </Badge>
        ),
      )}
    </Group>
  );
}
