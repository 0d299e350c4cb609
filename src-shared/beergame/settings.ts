/**
 * The game settings form (spec points 3, 5 and 9) as a pure conversion: the values a person typed
 * (text, never rewritten) become a `BeerConfigInput` that `resolveConfig` accepts, or the reasons
 * they are refused, each a locale message id placed on the field it concerns. The way back reads a
 * game's or a template's configuration into the form, to edit it (settings-read.ts). A one-product
 * network only: a configuration with several products or bills of materials is not for this form.
 */
import { GAME_NAME_MAX } from '../rules/copy-names';
import { isLocale, type Locale } from '../rules/locale';
import { type NumberRule, readTypedNumber } from '../rules/typed-number';
import { ConfigError, resolveConfig } from './config';
import { CHANGE_RANGES, FACILITY_DEFAULTS, FACILITY_KINDS, TIMER_SECONDS } from './constants';
import { randomDemand } from './demand-pattern';
import type { BeerConfig, BeerConfigInput, DemandPattern } from './schemas';

/** The bounds of every numeric field of the form: the event editor's where it has the field (spec point 5). */
export const SETTINGS_RANGES = {
  weeks: { min: 1, max: 520, step: 1 },
  timer: { ...TIMER_SECONDS, step: 1 },
  demand: CHANGE_RANGES.consumerDemand,
  demandStepWeek: { min: 1, max: 520, step: 1 },
  demandSeed: { min: 0, max: 2 ** 31 - 1, step: 1 },
  stockCost: CHANGE_RANGES.stockCost,
  backlogCost: CHANGE_RANGES.backlogCost,
  unitPrice: CHANGE_RANGES.unitPrice,
  maxShipQty: CHANGE_RANGES.maxShipQty,
  leadtimeVariability: CHANGE_RANGES.leadtimeVariability,
  visibleWeeks: CHANGE_RANGES.visibleWeeks,
  leadtime: CHANGE_RANGES.leadtime,
  ordertime: { min: 1, max: 6, step: 1 },
  stock: { min: 0, max: 999, step: 1 },
  startOrders: { min: 0, max: 999, step: 1 },
  /** 0: no constraint (rules "Order constraints"). */
  orderConstraint: { min: 0, max: 999, step: 1 },
  threshold: { min: 0, max: 999, step: 1 },
} satisfies Record<string, NumberRule>;

/** 2 to 8 facilities (spec point 9). */
export const SETTINGS_FACILITIES = { min: 2, max: 8 } as const;

export interface SettingsFacility {
  id: string;
  name: string;
  /** A kind from `FACILITY_KINDS` (its picture on the map). */
  type: string;
  /** The facility it buys from; null: it produces from nothing (a raw-material source). */
  supplierId: string | null;
  stock: string;
  startOrders: string;
  leadtime: string;
  ordertime: string;
}

export interface ThresholdMessage {
  on: boolean;
  threshold: string;
  message: string;
}

/** The form's values: numbers as typed. */
export interface GameSettings {
  name: string;
  weeks: string;
  playTimer: boolean;
  timer: string;
  transparent: boolean;
  /** The game's language; null: each person's own. */
  language: Locale | null;
  draft: boolean;
  /**
   * `step`: base demand, then `demandStep` from week `demandStepWeek`; `list`: one value a week;
   * `random`: each week a whole number from `demandMin` to `demandMax`, drawn from `demandSeed`.
   */
  demandMode: 'step' | 'list' | 'random';
  demandBase: string;
  demandStep: string;
  demandStepWeek: string;
  /** Comma- or space-separated values of weeks 1, 2, ...; the last repeats. */
  demandList: string;
  demandMin: string;
  demandMax: string;
  demandSeed: string;
  stockCost: string;
  backlogCost: string;
  unitPrice: string;
  /** Shipping capacity a week; empty: no limit. */
  maxShipQty: string;
  leadtimeVariability: string;
  visibleWeeks: string;
  moq: string;
  maxOrderQty: string;
  batchSize: string;
  backlogMessage: ThresholdMessage;
  stockMessage: ThresholdMessage;
  facilities: SettingsFacility[];
}

/** A refusal on one field (`facilities.2.leadtime`, `demandList`, ...) or on the whole form (`form`). */
export interface SettingsError {
  messageId: string;
  values?: Record<string, string | number>;
}
export type SettingsErrors = Record<string, SettingsError>;

export type SettingsResult =
  | { ok: true; name: string; config: BeerConfigInput; resolved: BeerConfig }
  | { ok: false; errors: SettingsErrors };

export const str = (n: number) => String(n);

/** A new facility of the form: the spec's defaults (point 9). */
export function newSettingsFacility(
  id: string,
  name: string,
  type: string,
  supplierId: string | null,
): SettingsFacility {
  return {
    id,
    name,
    type,
    supplierId,
    stock: str(FACILITY_DEFAULTS.stock),
    startOrders: str(FACILITY_DEFAULTS.startOrders),
    leadtime: str(FACILITY_DEFAULTS.leadtime),
    ordertime: str(FACILITY_DEFAULTS.ordertime),
  };
}

/** An id for a new facility that no other facility of the form holds. */
export function freshFacilityId(facilities: readonly SettingsFacility[]): string {
  const taken = new Set(facilities.map((f) => f.id));
  let n = facilities.length + 1;
  while (taken.has(`f${n}`)) n++;
  return `f${n}`;
}

/** Reads the form's numbers into a collector: each refusal lands on its field. */
class Reader {
  readonly errors: SettingsErrors = {};
  number(path: string, text: string, rule: NumberRule): number {
    const read = readTypedNumber(text, rule);
    if (read.ok) return read.value;
    this.refuse(path, read.messageId, read.values);
    return rule.min;
  }
  refuse(path: string, messageId: string, values?: Record<string, string | number>): void {
    this.errors[path] ??= values ? { messageId, values } : { messageId };
  }
}

/** The random pattern the form describes (min ≤ max), or null with its refusals. */
function readPattern(form: GameSettings, r: Reader): DemandPattern | null {
  const min = r.number('demandMin', form.demandMin, SETTINGS_RANGES.demand);
  const max = r.number('demandMax', form.demandMax, SETTINGS_RANGES.demand);
  const seed = r.number('demandSeed', form.demandSeed, SETTINGS_RANGES.demandSeed);
  if (min > max) r.refuse('demandMax', 'gameSettings.errDemandRange', { min });
  return min <= max ? { kind: 'random', min, max, seed } : null;
}

/** The weekly consumer demand the form describes (`[i]` is week i+1, the last value repeats). */
function readDemand(form: GameSettings, weeks: number, r: Reader): number[] {
  if (form.demandMode === 'step') {
    const base = r.number('demandBase', form.demandBase, SETTINGS_RANGES.demand);
    const step = r.number('demandStep', form.demandStep, SETTINGS_RANGES.demand);
    const at = r.number('demandStepWeek', form.demandStepWeek, {
      ...SETTINGS_RANGES.demandStepWeek,
      max: weeks,
    });
    return [...Array.from({ length: at - 1 }, () => base), step];
  }
  const parts = form.demandList.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length === 0) {
    r.refuse('demandList', 'gameSettings.errRequired');
    return [];
  }
  if (parts.length > weeks) r.refuse('demandList', 'gameSettings.errDemandTooLong', { weeks });
  const demand: number[] = [];
  for (const [i, part] of parts.entries()) {
    const read = readTypedNumber(part, SETTINGS_RANGES.demand);
    if (!read.ok) {
      r.refuse('demandList', 'gameSettings.errDemandValue', { week: i + 1, ...SETTINGS_RANGES.demand });
      break;
    }
    demand.push(read.value);
  }
  return demand;
}

function readThreshold(path: string, m: ThresholdMessage, r: Reader) {
  if (!m.on) return null;
  const threshold = r.number(`${path}.threshold`, m.threshold, SETTINGS_RANGES.threshold);
  const message = m.message.trim();
  if (message === '') r.refuse(`${path}.message`, 'gameSettings.errRequired');
  return { threshold, message, sentTo: [] };
}

/** Checks the network's shape: names, kinds, suppliers among the facilities, no loop of suppliers. */
function checkNetwork(facilities: readonly SettingsFacility[], r: Reader): void {
  if (facilities.length < SETTINGS_FACILITIES.min || facilities.length > SETTINGS_FACILITIES.max)
    r.refuse('facilities', 'gameSettings.errFacilityCount', SETTINGS_FACILITIES);
  const ids = new Set(facilities.map((f) => f.id));
  for (const [i, f] of facilities.entries()) {
    const name = f.name.trim();
    if (name === '') r.refuse(`facilities.${i}.name`, 'gameSettings.errRequired');
    else if (name.length > 100) r.refuse(`facilities.${i}.name`, 'gameSettings.errTooLong', { max: 100 });
    if (!(FACILITY_KINDS as readonly string[]).includes(f.type))
      r.refuse(`facilities.${i}.type`, 'gameSettings.errKind');
    if (f.supplierId !== null && (f.supplierId === f.id || !ids.has(f.supplierId)))
      r.refuse(`facilities.${i}.supplierId`, 'gameSettings.errSupplier');
  }
  const byId = new Map(facilities.map((f) => [f.id, f]));
  for (const [i, f] of facilities.entries()) {
    const seen = new Set<string>();
    let at: SettingsFacility | undefined = f;
    while (at?.supplierId) {
      if (seen.has(at.id)) {
        r.refuse(`facilities.${i}.supplierId`, 'gameSettings.errSupplierLoop');
        break;
      }
      seen.add(at.id);
      at = byId.get(at.supplierId);
    }
  }
}

/** The whole game's checks: name, weeks, timer, language. */
function readGeneral(form: GameSettings, r: Reader) {
  const name = form.name.trim();
  if (name === '') r.refuse('name', 'gameSettings.errRequired');
  else if (name.length > GAME_NAME_MAX) r.refuse('name', 'gameSettings.errTooLong', { max: GAME_NAME_MAX });
  if (form.language !== null && !isLocale(form.language)) r.refuse('language', 'gameSettings.errLanguage');
  return {
    name,
    weeks: r.number('weeks', form.weeks, SETTINGS_RANGES.weeks),
    timer: form.playTimer ? r.number('timer', form.timer, SETTINGS_RANGES.timer) : 60,
  };
}

/** The facilities as the engine takes them: every one with the form's costs and order constraints. */
function readFacilities(form: GameSettings, pid: string, r: Reader) {
  const pdata = {
    stockCost: r.number('stockCost', form.stockCost, SETTINGS_RANGES.stockCost),
    backlogCost: r.number('backlogCost', form.backlogCost, SETTINGS_RANGES.backlogCost),
    unitPrice: r.number('unitPrice', form.unitPrice, SETTINGS_RANGES.unitPrice),
    maxShipQty:
      form.maxShipQty.trim() === ''
        ? null
        : r.number('maxShipQty', form.maxShipQty, SETTINGS_RANGES.maxShipQty),
  };
  const shared = {
    leadtimeVariability: r.number(
      'leadtimeVariability',
      form.leadtimeVariability,
      SETTINGS_RANGES.leadtimeVariability,
    ),
    visibleWeeks: r.number('visibleWeeks', form.visibleWeeks, SETTINGS_RANGES.visibleWeeks),
    moq: r.number('moq', form.moq, SETTINGS_RANGES.orderConstraint),
    maxOrderQty: r.number('maxOrderQty', form.maxOrderQty, SETTINGS_RANGES.orderConstraint),
    batchSize: r.number('batchSize', form.batchSize, SETTINGS_RANGES.orderConstraint),
  };
  checkNetwork(form.facilities, r);
  return form.facilities.map((f, i) => ({
    id: f.id,
    name: f.name.trim(),
    type: f.type,
    pdata: { [pid]: { ...pdata, stock: r.number(`facilities.${i}.stock`, f.stock, SETTINGS_RANGES.stock) } },
    capabilities: {
      A1: {
        pid,
        type: f.supplierId === null ? ('production' as const) : ('purchase' as const),
        from: f.supplierId ?? {},
        leadtime: r.number(`facilities.${i}.leadtime`, f.leadtime, SETTINGS_RANGES.leadtime),
        ordertime: r.number(`facilities.${i}.ordertime`, f.ordertime, SETTINGS_RANGES.ordertime),
        startOrders: r.number(`facilities.${i}.startOrders`, f.startOrders, SETTINGS_RANGES.startOrders),
        ...shared,
      },
    },
  }));
}

/**
 * The configuration the form describes, built on `base` (the game's or template's configuration:
 * what the form does not show, such as the debrief, scheduled changes and the map's decorations, is
 * kept), checked by the engine's own `resolveConfig`; or every refusal, by field.
 */
export function settingsToConfig(form: GameSettings, base?: BeerConfigInput): SettingsResult {
  const r = new Reader();
  const { name, weeks, timer } = readGeneral(form, r);
  // Weeks refused bound the demand by the form's own maximum: bounds made of a number nobody typed
  // ("From 1 to 1.") would send the instructor to the wrong field.
  const weeksBound = r.errors.weeks ? SETTINGS_RANGES.weeks.max : weeks;
  const demandPattern = form.demandMode === 'random' ? readPattern(form, r) : null;
  const consumerDemand =
    form.demandMode !== 'random'
      ? readDemand(form, weeksBound, r)
      : demandPattern
        ? randomDemand(demandPattern, weeks)
        : [];
  const productsTemplates = base?.productsTemplates ?? [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }];
  const facilities = readFacilities(form, productsTemplates[0]?.id ?? 'p1', r);
  const backlogMessage = readThreshold('backlogMessage', form.backlogMessage, r);
  const stockMessage = readThreshold('stockMessage', form.stockMessage, r);
  if (Object.keys(r.errors).length > 0) return { ok: false, errors: r.errors };

  const sameNetwork = sameFacilityIds(base, form.facilities);
  const { demandPattern: _drawnBefore, ...kept } = base ?? {};
  const config: BeerConfigInput = {
    ...kept,
    ...(demandPattern ? { demandPattern } : {}),
    weeks,
    playTimer: form.playTimer,
    timer,
    transparent: form.transparent,
    language: form.language,
    draft: form.draft,
    consumerDemand,
    productsConsumerDemand: [],
    productsTemplates,
    configMessages: { scheduleList: base?.configMessages?.scheduleList ?? [], backlogMessage, stockMessage },
    // Positions and decorations stay with the same facilities; another network gets the default map.
    mapSize: sameNetwork ? (base?.mapSize ?? null) : null,
    bckCells: sameNetwork ? (base?.bckCells ?? []) : [],
    facilities: facilities.map((f) => {
      const before = sameNetwork ? baseFacility(base, f.id) : undefined;
      return { ...f, position: before?.position ?? null, policy: before?.policy };
    }),
  };
  try {
    return { ok: true, name, config, resolved: resolveConfig(config) };
  } catch (error) {
    // The checks above leave the engine little to refuse; what it does refuse is said as it says it.
    const reason = error instanceof ConfigError || error instanceof Error ? error.message.slice(0, 300) : '';
    return { ok: false, errors: { form: { messageId: 'gameSettings.errConfig', values: { reason } } } };
  }
}

export function facilityList(config: BeerConfigInput | undefined) {
  if (!config) return [];
  return Array.isArray(config.facilities)
    ? config.facilities
    : Object.entries(config.facilities).map(([id, f]) => ({ ...f, id: f.id ?? id }));
}

function baseFacility(base: BeerConfigInput | undefined, id: string) {
  return facilityList(base).find((f) => f.id === id);
}

function sameFacilityIds(
  base: BeerConfigInput | undefined,
  facilities: readonly SettingsFacility[],
): boolean {
  const before = facilityList(base).map((f) => f.id);
  return before.length === facilities.length && facilities.every((f, i) => f.id === before[i]);
}
