import { Badge, Group } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import type { BeerView } from '../../../src-shared/beergame';
import { useFacilityName } from '../../ui/facility-name';

/** Which facilities have placed their order this week. */
export function TeamStatus({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  return (
    <Group gap="xs" data-testid="team-status">
      {view.facilities.map((facility) => (
        <Badge
          key={facility.id}
          variant={facility.validated ? 'filled' : 'outline'}
          color={facility.validated ? 'green' : 'gray'}
          data-validated={facility.validated}
          leftSection={facility.validated ? <IconCheck size={14} /> : <IconClock size={14} />}
        >
          {facilityName(facility)}
        </Badge>
      ))}
    </Group>
  );
}
