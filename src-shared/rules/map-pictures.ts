/** Which picture the supply-chain map draws for a facility or a scenery cell (spec point 2). */
import { FACILITY_KINDS } from '../beergame/constants';

/** The facility kinds suggested by the map pictures (spec point 2): one picture each, and a generic building. */
export const FACILITY_PICTURES = FACILITY_KINDS;
export type FacilityPicture = (typeof FACILITY_PICTURES)[number] | 'generic';
export type SceneryPicture = 'rock' | 'tree';

/** Other words a game designer may use for the same kinds. */
const ALIASES: Record<string, FacilityPicture> = {
  manufacturer: 'factory',
  plant: 'factory',
  producer: 'factory',
  store: 'retailer',
  shop: 'retailer',
  hangar: 'planehangar',
  post: 'postoffice',
  train: 'trainassembly',
  depot: 'warehouse',
};

/** "Plane hangar", "plane_hangar", "/img/plane-hangar.svg" → "planehangar". */
export function pictureKey(name: string): string {
  const base = name.trim().toLowerCase().split(/[\\/]/).pop() ?? '';
  return base.replace(/\.[a-z0-9]+$/, '').replace(/[^a-z]/g, '');
}

function knownPicture(name: string | null): FacilityPicture | null {
  if (!name) return null;
  const key = pictureKey(name);
  if ((FACILITY_PICTURES as readonly string[]).includes(key)) return key as FacilityPicture;
  return ALIASES[key] ?? null;
}

/** The facility's picture: from its `visual`, else its `icon`, else its `type`, else a generic building. */
export function facilityPicture(f: {
  visual: string | null;
  icon: string | null;
  type: string;
}): FacilityPicture {
  return knownPicture(f.visual) ?? knownPicture(f.icon) ?? knownPicture(f.type) ?? 'generic';
}

/** A scenery cell's picture: rocks and trees (a cell without a visual is a tree); anything else is not drawn. */
export function sceneryPicture(visual: string | null): SceneryPicture | null {
  if (visual === null) return 'tree';
  const key = pictureKey(visual);
  if (key === 'rock' || key === 'rocks' || key === 'stone') return 'rock';
  if (key === 'tree' || key === 'trees' || key === 'forest') return 'tree';
  return null;
}
