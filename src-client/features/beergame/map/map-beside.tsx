import { Grid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BeerView } from '../../../../src-shared/beergame';
import { defaultMapSize } from '../../../../src-shared/rules/map-layout';
import { SupplyChainMap } from './supply-chain-map';

/**
 * The player's page with the map: beside the figures and the order form on a wide screen (above
 * them when the map is wide), always below them on a phone, where the order box comes first.
 */
export function WithSupplyChainMap({ view, children }: { view: BeerView; children: ReactNode }) {
  const columns = view.map?.columns ?? defaultMapSize(view.facilities.length)?.columns ?? 9;
  const wide = columns > 3;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: wide ? 12 : 7 }} order={{ base: 1, md: 2 }}>
        <Stack gap="md">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: wide ? 12 : 5 }} order={{ base: 2, md: 1 }}>
        <SupplyChainMap view={view} />
      </Grid.Col>
    </Grid>
  );
}
