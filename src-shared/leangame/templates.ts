/**
 * Built-in factories: a 4-facility workshop and a 7-facility factory, each with a warehouse and
 * quality control, and each in two versions: with every improvement built in (`-lean`), and as
 * the original factory where players choose improvements round by round (`-choose`).
 * Customer orders come in runs of one product, cycling over the products.
 */
import { LEAN_IMPROVEMENTS } from './constants';
import { withImprovements } from './rules';
import { type LeanSetup, type LeanSetupInput, leanSetupSchema } from './schemas';

export interface LeanScenario {
  id: string;
  name: string;
  description: string;
  /** Facilities, warehouse and quality control included. */
  stations: number;
  /** builtin: improvements on from the start; choose: players choose them in the panel. */
  mode: 'builtin' | 'choose';
  /** The set-up of a round of the default length. */
  setup: LeanSetup;
  /** The set-up for a round of `minutes` (demand follows the same pattern). */
  setupFor(minutes: number): LeanSetup;
  /** The same factory without any improvement (the baseline). */
  baselineFor(minutes: number): LeanSetup;
}

interface Factory {
  key: string;
  name: string;
  description: string;
  orders: { template_id: string; qty: number }[];
  /** Minutes between two orders. */
  every: number;
  setup: Omit<LeanSetupInput, 'params'> & { params: Omit<LeanSetupInput['params'], 'consumerDemand'> };
}

const workshop: Factory = {
  key: 'workshop4',
  name: 'Workshop (4 facilities)',
  description:
    'A warehouse, two painting stations and quality control (which also repaints). Three signs; the first station does most of the work.',
  orders: [
    { template_id: 'sun', qty: 9 },
    { template_id: 'tree', qty: 9 },
    { template_id: 'house', qty: 9 },
  ],
  every: 2.4,
  setup: {
    params: {
      mapSize: { rows: 4, columns: 5 },
      customerLeadTime: 6,
      productsTemplates: [
        {
          id: 'sun',
          name: 'Sun',
          price: 20,
          operations: [
            { shape: 'circle', colour: 'yellow', target: 0 },
            { shape: 'circle', colour: 'yellow', target: 4 },
            { shape: 'square', colour: 'blue', target: 8 },
          ],
        },
        {
          id: 'tree',
          name: 'Tree',
          price: 20,
          operations: [
            { shape: 'triangle', colour: 'green', target: 1 },
            { shape: 'triangle', colour: 'green', target: 7 },
            { shape: 'square', colour: 'blue', target: 4 },
          ],
        },
        {
          id: 'house',
          name: 'House',
          price: 20,
          operations: [
            { shape: 'horizontalBar', colour: 'red', target: 3 },
            { shape: 'horizontalBar', colour: 'red', target: 5 },
            { shape: 'square', colour: 'blue', target: 1 },
          ],
        },
      ],
    },
    facilities: [
      { id: 'warehouse', name: 'Warehouse', type: 'warehouse', position: { row: 0, column: 0 } },
      {
        id: 'paint1',
        name: 'Paint 1',
        type: 'station',
        position: { row: 0, column: 4 },
        tools: ['circle:yellow', 'triangle:green', 'horizontalBar:red'],
      },
      {
        id: 'paint2',
        name: 'Paint 2',
        type: 'station',
        position: { row: 3, column: 4 },
        tools: ['square:blue'],
      },
      { id: 'qc', name: 'Quality control', type: 'qualitycontrol', position: { row: 3, column: 0 } },
    ],
  },
};

const factory: Factory = {
  key: 'factory7',
  name: 'Factory (7 facilities)',
  description:
    'A warehouse, four painting stations, quality control and rework, spread over the floor. Three signs; the first station is overloaded.',
  orders: [
    { template_id: 'flag', qty: 12 },
    { template_id: 'robot', qty: 12 },
    { template_id: 'boat', qty: 12 },
  ],
  every: 3.2,
  setup: {
    params: {
      mapSize: { rows: 5, columns: 7 },
      customerLeadTime: 7,
      initialStock: { flag: 2, robot: 2 },
      productsTemplates: [
        {
          id: 'flag',
          name: 'Flag',
          price: 24,
          operations: [
            { shape: 'circle', colour: 'red', target: 0 },
            { shape: 'circle', colour: 'red', target: 2 },
            { shape: 'square', colour: 'yellow', target: 4 },
            { shape: 'triangle', colour: 'grey', target: 6 },
            { shape: 'verticalBar', colour: 'yellow', target: 8 },
          ],
        },
        {
          id: 'robot',
          name: 'Robot',
          price: 24,
          operations: [
            { shape: 'circle', colour: 'blue', target: 0 },
            { shape: 'circle', colour: 'blue', target: 1 },
            { shape: 'square', colour: 'yellow', target: 3 },
            { shape: 'horizontalBar', colour: 'blue', target: 5 },
            { shape: 'verticalBar', colour: 'grey', target: 7 },
          ],
        },
        {
          id: 'boat',
          name: 'Boat',
          price: 20,
          operations: [
            { shape: 'square', colour: 'green', target: 1 },
            { shape: 'square', colour: 'green', target: 7 },
            { shape: 'triangle', colour: 'red', target: 4 },
            { shape: 'horizontalBar', colour: 'blue', target: 3 },
          ],
        },
      ],
    },
    facilities: [
      { id: 'warehouse', name: 'Warehouse', type: 'warehouse', position: { row: 0, column: 0 } },
      {
        id: 'cut',
        name: 'Circles',
        type: 'station',
        position: { row: 0, column: 3 },
        tools: ['circle:red', 'circle:blue', 'square:green'],
      },
      {
        id: 'squares',
        name: 'Squares',
        type: 'station',
        position: { row: 0, column: 6 },
        tools: ['square:yellow', 'triangle:red'],
      },
      {
        id: 'triangles',
        name: 'Triangles',
        type: 'station',
        position: { row: 2, column: 6 },
        tools: ['triangle:grey', 'horizontalBar:blue'],
      },
      {
        id: 'bars',
        name: 'Bars',
        type: 'station',
        position: { row: 4, column: 6 },
        tools: ['verticalBar:yellow', 'verticalBar:grey'],
      },
      { id: 'qc', name: 'Quality control', type: 'qualitycontrol', position: { row: 4, column: 2 } },
      { id: 'rework', name: 'Rework', type: 'rework', position: { row: 2, column: 2 } },
    ],
  },
};

/** Orders in runs, one every `every` minutes from minute 0 while the round lasts. */
function demandFor(f: Factory, minutes: number) {
  const demand = [];
  for (let k = 0; k * f.every < minutes; k += 1) {
    const order = f.orders[k % f.orders.length]!;
    demand.push({ id: `o${k + 1}`, created_min: Math.round(k * f.every * 10) / 10, ...order });
  }
  return demand;
}

function baseline(f: Factory, minutes: number): LeanSetup {
  return leanSetupSchema.parse({
    ...f.setup,
    params: {
      ...f.setup.params,
      consumerDemand: demandFor(f, minutes),
      consumerDemandParams: { totalDuration: minutes, visibility: false },
    },
  });
}

function scenario(f: Factory, mode: 'builtin' | 'choose'): LeanScenario {
  const setupFor = (minutes: number) => {
    const base = baseline(f, minutes);
    if (mode === 'choose') return base;
    const improved = withImprovements(base, LEAN_IMPROVEMENTS);
    return {
      ...improved,
      params: { ...improved.params, improvements: { available: [], enabled: [...LEAN_IMPROVEMENTS] } },
    };
  };
  return {
    id: `${f.key}-${mode === 'builtin' ? 'lean' : 'choose'}`,
    name: `${f.name}, ${mode === 'builtin' ? 'lean (improvements built in)' : 'players choose improvements'}`,
    description: f.description,
    stations: f.setup.facilities.length,
    mode,
    setup: setupFor(15),
    setupFor,
    baselineFor: (minutes) => baseline(f, minutes),
  };
}

export const LEAN_SCENARIOS: readonly LeanScenario[] = [
  scenario(workshop, 'choose'),
  scenario(workshop, 'builtin'),
  scenario(factory, 'choose'),
  scenario(factory, 'builtin'),
];

export const getLeanScenario = (id: string) => LEAN_SCENARIOS.find((s) => s.id === id);
