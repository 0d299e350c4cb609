import { useMemo } from 'react';
import type { BeerConfig } from '../../../../src-shared/beergame';
import { previewView } from '../../../../src-shared/beergame/settings-read';
import { SupplyChainMap } from './supply-chain-map';

/** The map a configuration gives, drawn by the game's own map (the settings form's live preview). */
export function ConfigMapPreview({ config }: { config: BeerConfig }) {
  const view = useMemo(() => previewView(config), [config]);
  return <SupplyChainMap view={view} preview />;
}
