/**
 * What every player is told before and while playing the beer game, read from the game's own
 * parameters (never from a generic text): the goal, what a unit costs, and how long an order and
 * its goods take. The client words it; the numbers come from here.
 */
import type { BeerFacilityView, BeerView } from '../beergame/view';

export interface SupplyLineFacts {
  capabilityId: string;
  productId: string;
  kind: 'purchase' | 'production';
  /** The supplier the order goes to (purchase), or null for production. */
  supplierId: string | null;
  /** Weeks before the order reaches the supplier (or production starts). */
  orderWeeks: number;
  /** Weeks the goods spend on the road (or in production). */
  transitWeeks: number;
  /** From the order to the goods in stock. */
  totalWeeks: number;
  moq: number;
  maxOrderQty: number;
  batchSize: number;
}

export interface BeerBriefing {
  weeks: number;
  /** The facility the briefing is about: the viewer's, else the first one (a typical role). */
  facilityId: string;
  costs: BeerFacilityView['unitCosts'];
  supplyLines: SupplyLineFacts[];
  /**
   * What the players see of the chain: every role's numbers in a transparent game, else their own
   * facility's and the orders it receives: the consumers' demand if it sells to them, else its client's.
   */
  sight: 'everyone' | 'consumers' | 'client';
}

/** The briefing of `facilityId` (default: the viewer's facility, else the first), or null without facilities. */
export function beerBriefing(view: BeerView, facilityId = view.myFacilityId): BeerBriefing | null {
  const facility = view.facilities.find((f) => f.id === facilityId) ?? view.facilities[0];
  if (!facility) return null;
  return {
    weeks: view.weeks,
    facilityId: facility.id,
    costs: facility.unitCosts,
    supplyLines: facility.capabilities.map((c) => ({
      capabilityId: c.id,
      productId: c.pid,
      kind: c.type,
      supplierId: c.type === 'purchase' && typeof c.from === 'string' ? c.from : null,
      orderWeeks: c.ordertime,
      transitWeeks: c.leadtime,
      totalWeeks: c.ordertime + c.leadtime,
      moq: c.moq,
      maxOrderQty: c.maxOrderQty,
      batchSize: c.batchSize,
    })),
    sight: view.transparent ? 'everyone' : facility.clients.length === 0 ? 'consumers' : 'client',
  };
}
