/**
 * The game settings form (spec points 3, 5 and 9) as a pure conversion: the values a person typed
 * (text, never rewritten) become a `BeerConfigInput` that `resolveConfig` accepts, or the reasons
 * they are refused, each a locale message id placed on the field it concerns. The way back reads a
 * game's or a template's configuration into the form, to edit it. A one-product network only: a
 * configuration with several products or bills of materials is refused by `configToSettings`.
 */
import { isLocale, type Locale } from '../rules/locale';
import { ConfigError, resolveConfig } from './config';
import {
  BEERGAME_RULES_VERSION,
  CHANGE_RANGES,
  type ChangeField,
  EVENT_EDITOR_DEFAULTS,
  FACILITY_DEFAULTS,
  FACILITY_KINDS,
  TIMER_SECONDS,
} from './constants';
import { evolve } from './evolve';
import type { BeerConfig, BeerConfigInput } from './schemas';
import { type BeerState, initialBeerState } from './state';
import { viewGame } from './view';
import type { BeerView } from './view-model';

/** A number's bounds and step; a field's typed text is checked against them. */
export interface NumberRule {
  min: number;
  max: number;
  step: number;
}

/** The bounds of every numeric field of the form: the event editor's where it has the field (spec point 5). */
export const SETTINGS_RANGES = {
  weeks: { min: 1, max: 520, step: 1 },
  timer: { ...TIMER_SECONDS, step: 1 },
  demand: CHANGE_RANGES.consumerDemand,
  demandStepWeek: { min: 1, max: 520, step: 1 },
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
/** The longest game name. */
export const GAME_NAME_MAX = 80;

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
  /** `step`: base demand, then `demandStep` from week `demandStepWeek`; `list`: one value a week. */
  demandMode: 'step' | 'list';
  demandBase: string;
  demandStep: string;
  demandStepWeek: string;
  /** Comma- or space-separated values of weeks 1, 2, ...; the last repeats. */
  demandList: string;
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

const str = (n: number) => String(n);

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

/**
 * The number `text` stands for, or why it is refused: digits with at most one decimal point (or
 * comma), inside `rule`'s bounds and on its step. Nothing is rounded or clamped.
 */
export function readSettingsNumber(
  text: string,
  rule: NumberRule,
): { ok: true; value: number } | { ok: false; error: SettingsError } {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: { messageId: 'settings.errRequired' } };
  if (!/^-?\d+([.,]\d+)?$/.test(typed)) return { ok: false, error: { messageId: 'settings.errNumber' } };
  const value = Number(typed.replace(',', '.'));
  if (value < rule.min || value > rule.max)
    return { ok: false, error: { messageId: 'settings.errRange', values: { min: rule.min, max: rule.max } } };
  if (!Number.isInteger(Math.round((value - rule.min) * 1e6) / 1e6 / rule.step))
    return { ok: false, error: { messageId: 'settings.errStep', values: { step: rule.step } } };
  return { ok: true, value };
}

/** Reads the form's numbers into a collector: each refusal lands on its field. */
class Reader {
  readonly errors: SettingsErrors = {};
  number(path: string, text: string, rule: NumberRule): number {
    const read = readSettingsNumber(text, rule);
    if (read.ok) return read.value;
    this.errors[path] ??= read.error;
    return rule.min;
  }
  refuse(path: string, messageId: string, values?: Record<string, string | number>): void {
    this.errors[path] ??= values ? { messageId, values } : { messageId };
  }
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
    r.refuse('demandList', 'settings.errRequired');
    return [];
  }
  if (parts.length > weeks) r.refuse('demandList', 'settings.errDemandTooLong', { weeks });
  const demand: number[] = [];
  for (const [i, part] of parts.entries()) {
    const read = readSettingsNumber(part, SETTINGS_RANGES.demand);
    if (!read.ok) {
      r.refuse('demandList', 'settings.errDemandValue', { week: i + 1, ...SETTINGS_RANGES.demand });
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
  if (message === '') r.refuse(`${path}.message`, 'settings.errRequired');
  return { threshold, message, sentTo: [] };
}

/** Checks the network's shape: names, kinds, suppliers among the facilities, no loop of suppliers. */
function checkNetwork(facilities: readonly SettingsFacility[], r: Reader): void {
  if (facilities.length < SETTINGS_FACILITIES.min || facilities.length > SETTINGS_FACILITIES.max)
    r.refuse('facilities', 'settings.errFacilityCount', SETTINGS_FACILITIES);
  const ids = new Set(facilities.map((f) => f.id));
  for (const [i, f] of facilities.entries()) {
    const name = f.name.trim();
    if (name === '') r.refuse(`facilities.${i}.name`, 'settings.errRequired');
    else if (name.length > 100) r.refuse(`facilities.${i}.name`, 'settings.errTooLong', { max: 100 });
    if (!(FACILITY_KINDS as readonly string[]).includes(f.type))
      r.refuse(`facilities.${i}.type`, 'settings.errKind');
    if (f.supplierId !== null && (f.supplierId === f.id || !ids.has(f.supplierId)))
      r.refuse(`facilities.${i}.supplierId`, 'settings.errSupplier');
  }
  const byId = new Map(facilities.map((f) => [f.id, f]));
  for (const [i, f] of facilities.entries()) {
    const seen = new Set<string>();
    let at: SettingsFacility | undefined = f;
    while (at?.supplierId) {
      if (seen.has(at.id)) {
        r.refuse(`facilities.${i}.supplierId`, 'settings.errSupplierLoop');
        break;
      }
      seen.add(at.id);
      at = byId.get(at.supplierId);
    }
  }
}

/**
 * The configuration the form describes, built on `base` (the game's or template's configuration:
 * what the form does not show, such as the debrief, scheduled changes and the map's decorations, is
 * kept), checked by the engine's own `resolveConfig`; or every refusal, by field.
 */
export function settingsToConfig(form: GameSettings, base?: BeerConfigInput): SettingsResult {
  const r = new Reader();
  const name = form.name.trim();
  if (name === '') r.refuse('name', 'settings.errRequired');
  else if (name.length > GAME_NAME_MAX) r.refuse('name', 'settings.errTooLong', { max: GAME_NAME_MAX });
  const weeks = r.number('weeks', form.weeks, SETTINGS_RANGES.weeks);
  const timer = form.playTimer ? r.number('timer', form.timer, SETTINGS_RANGES.timer) : 60;
  if (form.language !== null && !isLocale(form.language)) r.refuse('language', 'settings.errLanguage');
  const consumerDemand = readDemand(form, weeks, r);
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
  const backlogMessage = readThreshold('backlogMessage', form.backlogMessage, r);
  const stockMessage = readThreshold('stockMessage', form.stockMessage, r);
  checkNetwork(form.facilities, r);
  const facilities = form.facilities.map((f, i) => ({
    id: f.id,
    name: f.name.trim(),
    type: f.type,
    pdata: { p1: { ...pdata, stock: r.number(`facilities.${i}.stock`, f.stock, SETTINGS_RANGES.stock) } },
    capabilities: {
      A1: {
        pid: 'p1',
        type: f.supplierId === null ? ('production' as const) : ('purchase' as const),
        from: f.supplierId ?? {},
        leadtime: r.number(`facilities.${i}.leadtime`, f.leadtime, SETTINGS_RANGES.leadtime),
        ordertime: r.number(`facilities.${i}.ordertime`, f.ordertime, SETTINGS_RANGES.ordertime),
        startOrders: r.number(`facilities.${i}.startOrders`, f.startOrders, SETTINGS_RANGES.startOrders),
        ...shared,
      },
    },
  }));
  if (Object.keys(r.errors).length > 0) return { ok: false, errors: r.errors };

  const sameNetwork = sameFacilityIds(base, form.facilities);
  const config: BeerConfigInput = {
    ...(base ?? {}),
    weeks,
    playTimer: form.playTimer,
    timer,
    transparent: form.transparent,
    language: form.language,
    draft: form.draft,
    consumerDemand,
    productsConsumerDemand: [],
    productsTemplates: base?.productsTemplates ?? [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }],
    configMessages: {
      scheduleList: base?.configMessages?.scheduleList ?? [],
      backlogMessage,
      stockMessage,
    },
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
    return { ok: false, errors: { form: { messageId: 'settings.errConfig', values: { reason } } } };
  }
}

function facilityList(config: BeerConfigInput | undefined) {
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

/**
 * The form's values for a configuration (a game's or a template's), or why the form cannot edit it
 * (several products, bills of materials, several capabilities at a facility). Costs, prices and
 * order constraints are shown as the first facility has them: the form sets them for every facility.
 */
export function configToSettings(
  name: string,
  input: BeerConfigInput,
): { ok: true; settings: GameSettings } | { ok: false; messageId: string } {
  let config: BeerConfig;
  try {
    config = resolveConfig(input);
  } catch {
    return { ok: false, messageId: 'settings.errNotEditable' };
  }
  const single = config.productsTemplates.length === 1 && config.productsConsumerDemand.length === 0;
  const pid = config.productsTemplates[0]!.id;
  const simple = config.facilities.every((f) => {
    const caps = Object.values(f.capabilities);
    return (
      Object.keys(f.pdata).length === 1 &&
      caps.length === 1 &&
      caps[0]!.pid === pid &&
      (caps[0]!.type === 'purchase' || Object.keys(caps[0]!.from ?? {}).length === 0)
    );
  });
  if (!single || !simple) return { ok: false, messageId: 'settings.errNotEditable' };
  // The order the instructor wrote the facilities in, not the network order resolution chose.
  const written = facilityList(input).map((f) => f.id);
  const facilities = [...config.facilities].sort((a, b) => written.indexOf(a.id) - written.indexOf(b.id));
  const first = facilities[0]!;
  const p = first.pdata[pid]!;
  const cap = Object.values(first.capabilities)[0]!;
  const demand = config.consumerDemand;
  const last = demand.at(-1) ?? 0;
  const stepAt = demand.indexOf(last);
  // A step: one value, then another from some week on; any other pattern is shown as a list.
  const isStep =
    demand.length > 0 &&
    demand.slice(0, stepAt).every((d) => d === demand[0]) &&
    demand.slice(stepAt).every((d) => d === last);
  const threshold = (m: BeerConfig['configMessages']['backlogMessage']): ThresholdMessage =>
    m
      ? { on: true, threshold: str(m.threshold), message: m.message }
      : { on: false, threshold: '', message: '' };
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
      demandMode: isStep ? 'step' : 'list',
      demandBase: str(stepAt > 0 ? demand[0]! : last),
      demandStep: str(last),
      demandStepWeek: str(stepAt > 0 ? stepAt + 1 : 1),
      demandList: demand.join(', '),
      stockCost: str(p.stockCost),
      backlogCost: str(p.backlogCost),
      unitPrice: str(p.unitPrice),
      maxShipQty: p.maxShipQty === null ? '' : str(p.maxShipQty),
      leadtimeVariability: str(cap.leadtimeVariability),
      visibleWeeks: str(cap.visibleWeeks),
      moq: str(cap.moq),
      maxOrderQty: str(cap.maxOrderQty),
      batchSize: str(cap.batchSize),
      backlogMessage: threshold(config.configMessages.backlogMessage),
      stockMessage: threshold(config.configMessages.stockMessage),
      facilities: facilities.map((f) => {
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
      }),
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

/**
 * The value typed for a change of `field` in the event editor, checked against the engine's own
 * ranges (`CHANGE_RANGES`): a lead time of 7 is refused here as the engine would refuse it.
 */
export const readChangeValue = (field: ChangeField, text: string) =>
  readSettingsNumber(text, CHANGE_RANGES[field]);

/** The week typed for a change: after the current one, at most the last. */
export const readChangeWeek = (text: string, week: number, weeks: number) =>
  readSettingsNumber(text, { min: Math.min(week + 1, weeks), max: weeks, step: 1 });

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
