/**
 * The settings form's other direction (see settings.ts): a game's or a template's configuration read
 * into the form, a new chain's defaults, the map preview of a configuration, whether a game's
 * settings may still change, and the weeks and defaults of the event editor's changes.
 */
import { resolveConfig } from './config';
import {
  BEERGAME_RULES_VERSION,
  type ChangeField,
  EVENT_EDITOR_DEFAULTS,
  FACILITY_DEFAULTS,
} from './constants';
import { randomDemand } from './demand-pattern';
import { evolve } from './evolve';
import type { BeerConfig, BeerConfigInput, DemandPattern } from './schemas';
import {
  facilityList,
  type GameSettings,
  newSettingsFacility,
  type SettingsFacility,
  settingsToConfig,
  str,
  type ThresholdMessage,
} from './settings';
import { type BeerState, initialBeerState } from './state';
import { viewGame } from './view';
import type { BeerView } from './view-model';

/** Whether the form can show a configuration: one product, each facility buying it or making it from nothing. */
function editable(config: BeerConfig): boolean {
  if (config.productsTemplates.length !== 1 || config.productsConsumerDemand.length > 0) return false;
  const pid = config.productsTemplates[0]!.id;
  return config.facilities.every((f) => {
    const caps = Object.values(f.capabilities);
    return (
      Object.keys(f.pdata).length === 1 &&
      caps.length === 1 &&
      caps[0]!.pid === pid &&
      (caps[0]!.type === 'purchase' || Object.keys(caps[0]!.from ?? {}).length === 0)
    );
  });
}

/** What the form offers for a random demand before one is drawn: around the classic game's 4 and 8. */
const RANDOM_DEMAND_DEFAULTS = { min: 2, max: 10, seed: 1 };

/**
 * The demand drawn at random when the form drew it (the pattern still gives the same weeks); else a
 * step (one value, then another from some week on) when the demand is one; else a list.
 */
function demandFields(demand: readonly number[], pattern: DemandPattern | undefined, weeks: number) {
  const last = demand.at(-1) ?? 0;
  const stepAt = demand.indexOf(last);
  const isStep =
    demand.length > 0 &&
    demand.slice(0, stepAt).every((d) => d === demand[0]) &&
    demand.slice(stepAt).every((d) => d === last);
  const isDrawn = pattern !== undefined && randomDemand(pattern, weeks).join() === demand.join();
  return {
    demandMode: isDrawn ? ('random' as const) : isStep ? ('step' as const) : ('list' as const),
    demandBase: str(stepAt > 0 ? demand[0]! : last),
    demandStep: str(last),
    demandStepWeek: str(stepAt > 0 ? stepAt + 1 : 1),
    demandList: demand.join(', '),
    demandMin: str(pattern?.min ?? RANDOM_DEMAND_DEFAULTS.min),
    demandMax: str(pattern?.max ?? RANDOM_DEMAND_DEFAULTS.max),
    demandSeed: str(pattern?.seed ?? RANDOM_DEMAND_DEFAULTS.seed),
  };
}

const thresholdFields = (m: BeerConfig['configMessages']['backlogMessage']): ThresholdMessage =>
  m
    ? { on: true, threshold: str(m.threshold), message: m.message }
    : { on: false, threshold: '', message: '' };

function facilityFields(f: BeerConfig['facilities'][number], pid: string): SettingsFacility {
  const c = Object.values(f.capabilities)[0]!;
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    supplierId: c.type === 'purchase' ? (c.from as string) : null,
    stock: str(f.pdata[pid]!.stock),
    startOrders: str(c.startOrders),
    leadtime: str(c.leadtime),
    ordertime: str(c.ordertime),
  };
}

/**
 * The form's values for a configuration (a game's or a template's), or why the form cannot edit it
 * (several products, bills of materials, several capabilities at a facility). Costs, prices and
 * order constraints are shown as the first facility has them: the form sets them for every facility.
 */
export function configToSettings(
  name: string,
  input: BeerConfigInput,
): { ok: true; settings: GameSettings } | { ok: false; messageId: string } {
  const read = readSettings(name, input);
  if (!read.ok) return read;
  // What the form would save must be what is there: a facility's own prices, costs or rules (lost
  // sales, a production cost) that the form cannot show would otherwise be silently replaced.
  const back = settingsToConfig(read.settings, input);
  if (!back.ok || !sameFacilityRules(back.resolved, resolveConfig(input)))
    return { ok: false, messageId: 'gameSettings.errNotEditable' };
  return read;
}

/** Whether two configurations give every facility the same product data and capabilities. */
function sameFacilityRules(a: BeerConfig, b: BeerConfig): boolean {
  const rules = (config: BeerConfig) =>
    JSON.stringify(
      [...config.facilities]
        .sort((x, y) => (x.id < y.id ? -1 : 1))
        .map((f) => [f.id, f.pdata, f.capabilities]),
    );
  return rules(a) === rules(b);
}

function readSettings(
  name: string,
  input: BeerConfigInput,
): { ok: true; settings: GameSettings } | { ok: false; messageId: string } {
  let config: BeerConfig;
  try {
    config = resolveConfig(input);
  } catch {
    return { ok: false, messageId: 'gameSettings.errNotEditable' };
  }
  if (!editable(config)) return { ok: false, messageId: 'gameSettings.errNotEditable' };
  const pid = config.productsTemplates[0]!.id;
  // The order the instructor wrote the facilities in, not the network order resolution chose.
  const written = facilityList(input).map((f) => f.id);
  const facilities = [...config.facilities].sort((a, b) => written.indexOf(a.id) - written.indexOf(b.id));
  const p = facilities[0]!.pdata[pid]!;
  const cap = Object.values(facilities[0]!.capabilities)[0]!;
  return {
    ok: true,
    settings: {
      name,
      weeks: str(config.weeks),
      playTimer: config.playTimer,
      timer: str(config.timer),
      transparent: config.transparent,
      language: config.language,
      draft: config.draft,
      ...demandFields(config.consumerDemand, config.demandPattern, config.weeks),
      stockCost: str(p.stockCost),
      backlogCost: str(p.backlogCost),
      unitPrice: str(p.unitPrice),
      maxShipQty: p.maxShipQty === null ? '' : str(p.maxShipQty),
      leadtimeVariability: str(cap.leadtimeVariability),
      visibleWeeks: str(cap.visibleWeeks),
      moq: str(cap.moq),
      maxOrderQty: str(cap.maxOrderQty),
      batchSize: str(cap.batchSize),
      backlogMessage: thresholdFields(config.configMessages.backlogMessage),
      stockMessage: thresholdFields(config.configMessages.stockMessage),
      facilities: facilities.map((f) => facilityFields(f, pid)),
    },
  };
}

/** A network of `n` facilities in a chain (each buying from the next), the last one producing. */
export function chainSettings(name: string, kinds: readonly string[]): GameSettings {
  const facilities = kinds.map((type, i) => newSettingsFacility(`f${i + 1}`, '', type, null));
  facilities.forEach((f, i) => {
    f.supplierId = facilities[i + 1]?.id ?? null;
  });
  return {
    name,
    weeks: '36',
    playTimer: false,
    timer: '60',
    transparent: false,
    language: null,
    draft: false,
    demandMode: 'step',
    demandBase: '4',
    demandStep: '8',
    demandStepWeek: '5',
    demandList: '4, 4, 4, 4, 8',
    demandMin: str(RANDOM_DEMAND_DEFAULTS.min),
    demandMax: str(RANDOM_DEMAND_DEFAULTS.max),
    demandSeed: str(RANDOM_DEMAND_DEFAULTS.seed),
    stockCost: str(FACILITY_DEFAULTS.stockCost),
    backlogCost: str(FACILITY_DEFAULTS.backlogCost),
    unitPrice: '0',
    maxShipQty: '',
    leadtimeVariability: '0',
    visibleWeeks: str(FACILITY_DEFAULTS.visibleWeeks),
    moq: '0',
    maxOrderQty: '0',
    batchSize: '0',
    backlogMessage: { on: false, threshold: '', message: '' },
    stockMessage: { on: false, threshold: '', message: '' },
    facilities,
  };
}

/** The weeks a change may be scheduled for, as the engine has them: after the current one, at most the last. */
export const changeWeeks = (view: { week: number; weeks: number }) => ({
  min: view.week + 1,
  max: view.weeks,
});

/**
 * What a configuration looks like on the map before any game exists: the view its creator would get
 * of a game just created with it (every facility free, the starting stock shown).
 */
export function previewView(config: BeerConfig): BeerView {
  const state = evolve(initialBeerState, {
    type: 'GameCreated',
    data: {
      gameId: 'preview',
      name: '',
      creatorId: 'preview',
      seed: 0,
      rulesVersion: BEERGAME_RULES_VERSION,
      template: null,
      createdAt: 0,
      config,
    },
  });
  return viewGame(state, { userId: 'preview' });
}

/** The event editor's starting value of a field (spec point 9). */
export function changeDefault(field: ChangeField): number {
  if (field === 'consumerDemand') return 8;
  return EVENT_EDITOR_DEFAULTS[field];
}

/**
 * Whether the settings may still change (docs/beergame.md, "Changing the settings"): week 1 is being
 * played, no order is in and no countdown runs.
 */
export function settingsOpen(s: BeerState): boolean {
  return (
    s.exists &&
    !s.finished &&
    s.week === 1 &&
    s.deadline === null &&
    s.pausedMs === null &&
    s.facilities.every((f) => !f.validated && Object.keys(f.orders).length === 0)
  );
}

/** A resolved configuration (a game's) as an input again: the base the form edits. */
export function asConfigInput(config: BeerConfig): BeerConfigInput {
  const { demand: _demand, facilities, ...rest } = config;
  return {
    ...rest,
    facilities: facilities.map(({ policy, ...f }) => (policy === null ? f : { ...f, policy })),
  };
}
