import {
  IconBox,
  IconBuilding,
  IconBuildingAirport,
  IconBuildingFactory2,
  IconBuildingHospital,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconMailbox,
  IconMountain,
  IconPackages,
  IconPill,
  IconPlane,
  IconShoppingBag,
  IconShoppingCart,
  IconTools,
  IconTractor,
  IconTrain,
  IconTree,
  IconTruckDelivery,
  type TablerIcon,
} from '@tabler/icons-react';
import type { FacilityPicture, SceneryPicture } from '../../../../src-shared/rules/map-pictures';

/**
 * One picture per facility kind of spec point 2 and per scenery, all from the same outline icon set
 * (one stroke, one 24-unit grid), so the map keeps a single flat style.
 */
export const FACILITY_ICONS: Record<FacilityPicture, TablerIcon> = {
  airport: IconBuildingAirport,
  distributor: IconTruckDelivery,
  factory: IconBuildingFactory2,
  farm: IconTractor,
  hospital: IconBuildingHospital,
  mall: IconShoppingBag,
  pharmacy: IconPill,
  planehangar: IconPlane,
  postoffice: IconMailbox,
  retailer: IconBuildingStore,
  supermarket: IconShoppingCart,
  supplier: IconBox,
  trainassembly: IconTrain,
  warehouse: IconBuildingWarehouse,
  wholesaler: IconPackages,
  workshop: IconTools,
  generic: IconBuilding,
};

export const SCENERY_ICONS: Record<SceneryPicture, TablerIcon> = {
  rock: IconMountain,
  tree: IconTree,
};
