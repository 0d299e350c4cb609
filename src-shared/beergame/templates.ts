/**
 * The beer game's built-in templates (spec point 9, "13 game templates"; the other three are the
 * lean game's factories): configuration inputs that `resolveConfig` completes. Each varies one
 * lesson of the classic game: length, visibility, transparency, network shape, allocation, bill
 * of materials, lead-time variability, lost sales.
 */
import type { BeerConfigInput, FacilityInput } from './schemas';

type Pdata = NonNullable<FacilityInput['pdata']>[string];
type Capability = NonNullable<FacilityInput['capabilities']>[string];

/** Stock 12, stock cost 0.5 and backlog cost 1 per unit and week (the classic game). */
const CLASSIC_PDATA: Pdata = { stock: 12, stockCost: 0.5, backlogCost: 1 };
/** Every pipeline slot starts at 4; players see 2 weeks ahead. */
const CLASSIC_PIPELINE = { ordertime: 2, leadtime: 2, startOrders: 4, visibleWeeks: 2 } as const;
/** Consumer demand 4 a week, 8 from week 5. */
const STEP_DEMAND = [4, 4, 4, 4, 8];
const BEER = { id: 'p1', name: 'Beer', productEmoji: '🍺' };

interface Stage {
  id: string;
  name: string;
  type: string;
}
const CLASSIC_STAGES: Stage[] = [
  { id: 'retailer', name: 'Retailer', type: 'retailer' },
  { id: 'wholesaler', name: 'Wholesaler', type: 'wholesaler' },
  { id: 'distributor', name: 'Distributor', type: 'distributor' },
  { id: 'factory', name: 'Factory', type: 'factory' },
];

/**
 * A serial chain of one product, consumer first: each stage buys from the next, the last one
 * produces from nothing (a 1-week production request in the classic game). `capability` and
 * `pdata` adjust every stage alike.
 */
function chain(
  stages: Stage[],
  options: { capability?: Partial<Capability>; pdata?: (stage: Stage, index: number) => Pdata } = {},
): FacilityInput[] {
  return stages.map((stage, i) => {
    const next = stages[i + 1];
    const pipeline = { ...CLASSIC_PIPELINE, ...options.capability };
    return {
      ...stage,
      pdata: { p1: options.pdata?.(stage, i) ?? CLASSIC_PDATA },
      capabilities: {
        A1: next
          ? { pid: 'p1', type: 'purchase' as const, from: next.id, ...pipeline }
          : { pid: 'p1', type: 'production' as const, from: {}, ...pipeline, ordertime: 1 },
      },
    };
  });
}

/** The classic game as published (Sterman 1989): rules "The classic game". */
export function classicConfigInput(): BeerConfigInput {
  return {
    weeks: 36,
    productsTemplates: [BEER],
    consumerDemand: STEP_DEMAND,
    facilities: chain(CLASSIC_STAGES),
  };
}

/** The classic game in 20 weeks: one class period. */
function shortConfigInput(): BeerConfigInput {
  return { ...classicConfigInput(), weeks: 20 };
}

/**
 * Shared visibility: shipments take 3 weeks and every player sees all the goods on their way to
 * them (6 weeks ahead), so the supply line is in front of everyone.
 */
function visibilityConfigInput(): BeerConfigInput {
  return {
    ...classicConfigInput(),
    facilities: chain(CLASSIC_STAGES, { capability: { ordertime: 1, leadtime: 3, visibleWeeks: 6 } }),
  };
}

/** Transparent mode: every player sees every facility's numbers. */
function transparentConfigInput(): BeerConfigInput {
  return { ...classicConfigInput(), transparent: true };
}

/** A retailer and its factory: the simplest chain, for a first round. */
function twoStagesConfigInput(): BeerConfigInput {
  return {
    ...classicConfigInput(),
    weeks: 24,
    facilities: chain([CLASSIC_STAGES[0]!, CLASSIC_STAGES[3]!]),
  };
}

/** Eight stages (the most a game holds): the bullwhip grows along a long chain. */
function eightStagesConfigInput(): BeerConfigInput {
  return {
    ...classicConfigInput(),
    facilities: chain(
      [
        CLASSIC_STAGES[0]!,
        CLASSIC_STAGES[1]!,
        { id: 'regional', name: 'Regional warehouse', type: 'warehouse' },
        CLASSIC_STAGES[2]!,
        { id: 'central', name: 'Central warehouse', type: 'warehouse' },
        { id: 'importer', name: 'Importer', type: 'supplier' },
        { id: 'bottler', name: 'Bottler', type: 'workshop' },
        CLASSIC_STAGES[3]!,
      ],
      { capability: { ordertime: 1, leadtime: 2 } },
    ),
  };
}

/**
 * Two shops buy from one wholesaler: when its stock is short, the wholesaler's player splits it
 * between them (manual allocation). The city shop's demand steps up, the mall's stays flat.
 */
function severalClientsConfigInput(): BeerConfigInput {
  const shop = (id: string, name: string, type: string) => ({
    id,
    name,
    type,
    pdata: { p1: CLASSIC_PDATA },
    capabilities: { A1: { pid: 'p1', type: 'purchase' as const, from: 'wholesaler', ...CLASSIC_PIPELINE } },
  });
  // The wholesaler and the factory serve both shops: twice the classic flow in every slot.
  const double = { ...CLASSIC_PIPELINE, startOrders: 8 };
  return {
    weeks: 36,
    manualAllocation: true,
    productsTemplates: [BEER],
    productsConsumerDemand: [
      { pid: 'p1', fid: 'city', demand: STEP_DEMAND },
      { pid: 'p1', fid: 'mall', demand: [4] },
    ],
    facilities: [
      shop('city', 'City shop', 'supermarket'),
      shop('mall', 'Mall shop', 'mall'),
      {
        ...CLASSIC_STAGES[1]!,
        pdata: { p1: { ...CLASSIC_PDATA, stock: 24 } },
        capabilities: { A1: { pid: 'p1', type: 'purchase', from: 'factory', ...double } },
      },
      {
        ...CLASSIC_STAGES[3]!,
        pdata: { p1: { ...CLASSIC_PDATA, stock: 24 } },
        capabilities: { A1: { pid: 'p1', type: 'production', from: {}, ...double, ordertime: 1 } },
      },
    ],
  };
}

/** Buys `pid` from `from` with the classic delays. */
const buy = (pid: string, from: string, startOrders = 4): Capability => ({
  pid,
  type: 'purchase',
  from,
  ...CLASSIC_PIPELINE,
  startOrders,
});
/** Brews `pid` from `malt` units of malt each, with the classic factory's delays. */
const brew = (pid: string, malt: number): Capability => ({
  pid,
  type: 'production',
  from: { malt },
  ...CLASSIC_PIPELINE,
  ordertime: 1,
});

/**
 * Two beers brewed from one malt: a lager (1 malt a unit) whose demand steps up and a stout (2 malts
 * a unit) whose demand stays flat; the brewery buys malt from a malt house.
 */
function severalProductsConfigInput(): BeerConfigInput {
  return {
    weeks: 36,
    productsTemplates: [
      { id: 'lager', name: 'Lager', productEmoji: '🍺' },
      { id: 'stout', name: 'Stout', productEmoji: '🥃' },
      { id: 'malt', name: 'Malt', productEmoji: '🌾' },
    ],
    productsConsumerDemand: [
      { pid: 'lager', fid: 'retailer', demand: STEP_DEMAND },
      { pid: 'stout', fid: 'retailer', demand: [4] },
    ],
    facilities: [
      {
        ...CLASSIC_STAGES[0]!,
        pdata: { lager: CLASSIC_PDATA, stout: CLASSIC_PDATA },
        capabilities: { A1: buy('lager', 'wholesaler'), A2: buy('stout', 'wholesaler') },
      },
      {
        ...CLASSIC_STAGES[1]!,
        pdata: { lager: CLASSIC_PDATA, stout: CLASSIC_PDATA },
        capabilities: { A1: buy('lager', 'brewery'), A2: buy('stout', 'brewery') },
      },
      {
        id: 'brewery',
        name: 'Brewery',
        type: 'factory',
        // 4 lagers and 4 stouts a week take 12 malts: two weeks of them in stock.
        pdata: { lager: CLASSIC_PDATA, stout: CLASSIC_PDATA, malt: { ...CLASSIC_PDATA, stock: 24 } },
        capabilities: { A1: brew('lager', 1), A2: brew('stout', 2), A3: buy('malt', 'malthouse', 12) },
      },
      {
        id: 'malthouse',
        name: 'Malt house',
        type: 'farm',
        pdata: { malt: { ...CLASSIC_PDATA, stock: 24 } },
        capabilities: {
          A1: {
            pid: 'malt',
            type: 'production',
            from: {},
            ...CLASSIC_PIPELINE,
            ordertime: 1,
            startOrders: 12,
          },
        },
      },
    ],
  };
}

/** The classic game where each shipment takes 1 to 3 weeks instead of 2 (drawn from the game's seed). */
function variabilityConfigInput(): BeerConfigInput {
  return {
    ...classicConfigInput(),
    facilities: chain(CLASSIC_STAGES, { capability: { leadtimeVariability: 1 } }),
  };
}

/**
 * No backlog: what a stage cannot ship is a lost sale (2 a unit). Each stage sells at a price
 * (10 at the retailer down to 4 at the factory, which pays 2 a unit made), so teams weigh revenue
 * against costs.
 */
function lostSalesConfigInput(): BeerConfigInput {
  const prices = [10, 8, 6, 4];
  return {
    ...classicConfigInput(),
    facilities: chain(CLASSIC_STAGES, {
      pdata: (_stage, i) => ({
        ...CLASSIC_PDATA,
        allowBacklog: false,
        backlogCost: 0,
        missedSaleCost: 2,
        unitPrice: prices[i]!,
      }),
    }).map((f) =>
      f.id === 'factory' ? { ...f, capabilities: { A1: { ...f.capabilities!.A1!, productionCost: 2 } } } : f,
    ),
  };
}

/** Every built-in template by id: `CreateGame { template }` names one of these. */
export const BEERGAME_TEMPLATES = {
  classic: classicConfigInput,
  short: shortConfigInput,
  visibility: visibilityConfigInput,
  transparent: transparentConfigInput,
  twoStages: twoStagesConfigInput,
  eightStages: eightStagesConfigInput,
  severalClients: severalClientsConfigInput,
  severalProducts: severalProductsConfigInput,
  leadtimeVariability: variabilityConfigInput,
  lostSales: lostSalesConfigInput,
} as const;
export type BeerTemplateId = keyof typeof BEERGAME_TEMPLATES;
export const BEERGAME_TEMPLATE_IDS = Object.keys(BEERGAME_TEMPLATES) as [BeerTemplateId, ...BeerTemplateId[]];
