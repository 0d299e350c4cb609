/** The settings form as a pure conversion (src-shared/beergame/settings.ts): values ⇄ configuration. */
import { describe, expect, it } from 'vitest';
import {
  asConfigInput,
  BEERGAME_TEMPLATES,
  type BeerConfig,
  type BeerConfigInput,
  CHANGE_RANGES,
  chainSettings,
  changeDefault,
  changeWeeks,
  classicConfigInput,
  configToSettings,
  freshFacilityId,
  type GameSettings,
  newSettingsFacility,
  previewView,
  randomDemand,
  resolveConfig,
  SETTINGS_RANGES,
  settingsToConfig,
} from '../../../src-shared/beergame';

/** A custom 3-stage network: shop ← warehouse ← farm, demand 5 then 9 from week 6. */
function threeStages(): GameSettings {
  const form = chainSettings('Custom', ['supermarket', 'warehouse', 'farm']);
  form.facilities[0]!.name = 'Shop';
  form.facilities[1]!.name = 'Depot';
  form.facilities[2]!.name = 'Farm';
  return { ...form, demandBase: '5', demandStep: '9', demandStepWeek: '6', weeks: '20' };
}

function resolved(form: GameSettings): BeerConfig {
  const result = settingsToConfig(form);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.resolved;
}

describe('settings to configuration', () => {
  it('a custom 3-stage network with a demand step at week 6 resolves as the engine plays it', () => {
    const config = resolved(threeStages());
    expect(config.weeks).toBe(20);
    expect(config.facilities.map((f) => [f.id, f.name, f.type, f.supplier_id, f.clients])).toEqual([
      ['f1', 'Shop', 'supermarket', 'f2', []],
      ['f2', 'Depot', 'warehouse', 'f3', ['f1']],
      ['f3', 'Farm', 'farm', null, ['f2']],
    ]);
    expect(config.demand).toEqual([{ fid: 'f1', pid: 'p1', demand: [5, 5, 5, 5, 5, 9] }]);
    expect(config.facilities[2]!.capabilities.A1).toMatchObject({ type: 'production', from: {} });
    expect(config.mapSize).toEqual({ rows: 3, columns: 3 });
    expect(config.facilities[0]!.pdata.p1).toMatchObject({ stock: 12, stockCost: 0.5, backlogCost: 1 });
  });

  it('every setting reaches the configuration', () => {
    const form = threeStages();
    Object.assign(form, {
      playTimer: true,
      timer: '45',
      transparent: true,
      language: 'fr',
      draft: true,
      demandMode: 'list',
      demandList: '4, 4 6;8',
      stockCost: '1.5',
      backlogCost: '2',
      unitPrice: '10',
      maxShipQty: '20',
      leadtimeVariability: '1',
      visibleWeeks: '3',
      moq: '2',
      maxOrderQty: '50',
      batchSize: '2',
      backlogMessage: { on: true, threshold: '10', message: 'Mind your backlog' },
    });
    form.facilities[1]!.leadtime = '4';
    form.facilities[1]!.ordertime = '2';
    form.facilities[1]!.stock = '20';
    form.facilities[1]!.startOrders = '6';
    const config = resolved(form);
    expect(config).toMatchObject({
      playTimer: true,
      timer: 45,
      transparent: true,
      language: 'fr',
      draft: true,
    });
    expect(config.consumerDemand).toEqual([4, 4, 6, 8]);
    expect(config.configMessages.backlogMessage).toEqual({
      threshold: 10,
      message: 'Mind your backlog',
      sentTo: [],
    });
    expect(config.configMessages.stockMessage).toBeNull();
    const depot = config.facilities[1]!;
    expect(depot.pdata.p1).toMatchObject({
      stock: 20,
      stockCost: 1.5,
      backlogCost: 2,
      unitPrice: 10,
      maxShipQty: 20,
    });
    expect(depot.capabilities.A1).toMatchObject({
      leadtime: 4,
      ordertime: 2,
      startOrders: 6,
      leadtimeVariability: 1,
      visibleWeeks: 3,
      moq: 2,
      maxOrderQty: 50,
      batchSize: 2,
    });
  });

  it('refuses 1 and 9 facilities, with the message on the network', () => {
    const one = threeStages();
    one.facilities = [newSettingsFacility('f1', 'Alone', 'retailer', null)];
    expect(settingsToConfig(one)).toEqual({
      ok: false,
      errors: { facilities: { messageId: 'gameSettings.errFacilityCount', values: { min: 2, max: 8 } } },
    });
    const nine = chainSettings(
      'Nine',
      Array.from({ length: 9 }, () => 'warehouse'),
    );
    nine.facilities.forEach((f, i) => {
      f.name = `W${i}`;
    });
    const refused = settingsToConfig(nine);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors.facilities?.messageId).toBe('gameSettings.errFacilityCount');
    const eight = chainSettings(
      'Eight',
      Array.from({ length: 8 }, () => 'warehouse'),
    );
    eight.facilities.forEach((f, i) => {
      f.name = `W${i}`;
    });
    expect(resolved(eight).mapSize).toEqual({ rows: 3, columns: 7 });
  });

  it('places each refusal on its field and changes nothing typed', () => {
    const form = threeStages();
    Object.assign(form, { name: ' ', weeks: '0', stockCost: '0.3', unitPrice: '1000', demandStepWeek: '21' });
    form.facilities[0]!.leadtime = '7';
    form.facilities[1]!.stock = '2.5';
    form.facilities[2]!.name = '';
    form.facilities[2]!.supplierId = 'f9';
    const result = settingsToConfig(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      name: { messageId: 'gameSettings.errRequired' },
      weeks: { messageId: 'number.errRange', values: { min: 1, max: 520 } },
      stockCost: { messageId: 'number.errStep', values: { min: 0, max: 999, step: 0.5 } },
      unitPrice: { messageId: 'number.errRange', values: { min: 0, max: 999 } },
      'facilities.0.leadtime': { messageId: 'number.errRange', values: { min: 2, max: 6 } },
      'facilities.1.stock': { messageId: 'number.errWhole', values: { min: 0, max: 999 } },
      'facilities.2.name': { messageId: 'gameSettings.errRequired' },
      'facilities.2.supplierId': { messageId: 'gameSettings.errSupplier' },
    });
    expect(form.facilities[0]!.leadtime).toBe('7');
  });

  it('refuses a loop of suppliers, a bad demand list and a threshold message without text', () => {
    const form = threeStages();
    form.facilities[2]!.supplierId = 'f1';
    Object.assign(form, {
      demandMode: 'list',
      demandList: '4, x, 8',
      stockMessage: { on: true, threshold: '3', message: '' },
    });
    const result = settingsToConfig(form);
    if (result.ok) throw new Error('accepted');
    expect(result.errors['facilities.0.supplierId']?.messageId).toBe('gameSettings.errSupplierLoop');
    expect(result.errors.demandList).toEqual({
      messageId: 'gameSettings.errDemandValue',
      values: { week: 2, min: 0, max: 999, step: 1 },
    });
    expect(result.errors['stockMessage.message']).toEqual({ messageId: 'gameSettings.errRequired' });
  });

  it('bounds the week of a step by the weeks typed, and by the form maximum while the weeks are refused', () => {
    const form = threeStages();
    Object.assign(form, { weeks: '20', demandStepWeek: '21' });
    expect(settingsToConfig(form)).toMatchObject({
      errors: { demandStepWeek: { messageId: 'number.errRange', values: { min: 1, max: 20 } } },
    });
    for (const weeks of ['', '1e9', '2.5', '0']) {
      const result = settingsToConfig({ ...form, weeks });
      if (result.ok) throw new Error(`accepted ${weeks} weeks`);
      expect(Object.keys(result.errors), weeks).toEqual(['weeks']);
    }
    Object.assign(form, { weeks: 'x', demandStepWeek: '600' });
    expect(settingsToConfig(form)).toMatchObject({
      errors: { demandStepWeek: { messageId: 'number.errRange', values: { min: 1, max: 520 } } },
    });
  });

  it('reads numbers as typed against the engine ranges', () => {
    expect(SETTINGS_RANGES.leadtime).toBe(CHANGE_RANGES.leadtime);
    const read = (stockCost: string) => settingsToConfig({ ...threeStages(), stockCost });
    expect(resolved({ ...threeStages(), stockCost: '2,5' }).facilities[0]!.pdata.p1!.stockCost).toBe(2.5);
    expect(read('1e3')).toMatchObject({ errors: { stockCost: { messageId: 'number.errDigitsDecimal' } } });
    expect(read('-1')).toMatchObject({ errors: { stockCost: { messageId: 'number.errRange' } } });
    expect(freshFacilityId([newSettingsFacility('f2', 'A', 'farm', null)])).toBe('f3');
  });
});

describe('the event editor and the map preview', () => {
  it('offers a change only for weeks the engine accepts: after the current one, at most the last', () => {
    expect(changeWeeks({ week: 1, weeks: 36 })).toEqual({ min: 2, max: 36 });
    expect(changeWeeks({ week: 12, weeks: 36 })).toEqual({ min: 13, max: 36 });
    expect(changeDefault('unitPrice')).toBe(10);
    expect(changeDefault('maxShipQty')).toBe(12);
  });

  it('previews a configuration as the map of a new game', () => {
    const view = previewView(resolved(threeStages()));
    expect(view.map).toMatchObject({ rows: 3, columns: 3 });
    // Week 1 as it opens: the shop has met its first demand (5) from 12 in stock and 4 received.
    expect(view.facilities.map((f) => [f.id, f.numbers?.stock])).toEqual([
      ['f1', 11],
      ['f2', 12],
      ['f3', 12],
    ]);
  });
});

describe('configuration to settings and back', () => {
  it('the classic template reads into the form and back to the same game', () => {
    const read = configToSettings('Classic', classicConfigInput());
    if (!read.ok) throw new Error(read.messageId);
    const form = read.settings;
    expect(form.facilities.map((f) => [f.id, f.supplierId, f.leadtime, f.ordertime])).toEqual([
      ['retailer', 'wholesaler', '2', '2'],
      ['wholesaler', 'distributor', '2', '2'],
      ['distributor', 'factory', '2', '2'],
      ['factory', null, '2', '1'],
    ]);
    expect(form).toMatchObject({ demandMode: 'step', demandBase: '4', demandStep: '8', demandStepWeek: '5' });
    const back = resolved(form);
    expect(back).toEqual(resolveConfig(classicConfigInput()));
  });

  it("a game's resolved configuration keeps what the form does not show", () => {
    const game = resolveConfig({
      ...classicConfigInput(),
      bckCells: [{ row: 1, column: 1, visual: 'tree' }],
      scheduledChanges: [{ id: 'c1', week: 3, facilityIds: ['retailer'], field: 'stockCost', value: 1 }],
    });
    const read = configToSettings('Game', asConfigInput(game));
    if (!read.ok) throw new Error(read.messageId);
    const result = settingsToConfig({ ...read.settings, weeks: '30' }, asConfigInput(game));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.resolved).toEqual({ ...game, weeks: 30 });
  });

  it('a demand that is not one step reads as a list', () => {
    const read = configToSettings('Waves', { ...classicConfigInput(), consumerDemand: [4, 8, 4, 8] });
    if (!read.ok) throw new Error(read.messageId);
    expect(read.settings).toMatchObject({ demandMode: 'list', demandList: '4, 8, 4, 8' });
  });

  it('a demand drawn at random: each week within the range, the same for the same seed, read back as such', () => {
    const form: GameSettings = {
      ...threeStages(),
      demandMode: 'random',
      demandMin: '3',
      demandMax: '9',
      demandSeed: '2026',
    };
    const config = resolved(form);
    const demand = config.demand[0]!.demand;
    expect(demand).toHaveLength(20);
    expect(demand.every((d) => Number.isInteger(d) && d >= 3 && d <= 9)).toBe(true);
    expect(new Set(demand).size).toBeGreaterThan(1);
    expect(resolved(form).demand).toEqual(config.demand);
    expect(resolved({ ...form, demandSeed: '2027' }).demand[0]!.demand).not.toEqual(demand);
    expect(randomDemand({ kind: 'random', min: 3, max: 9, seed: 2026 }, 20)).toEqual(demand);
    const read = configToSettings('Random', asConfigInput(config));
    if (!read.ok) throw new Error(read.messageId);
    expect(read.settings).toMatchObject({
      demandMode: 'random',
      demandMin: '3',
      demandMax: '9',
      demandSeed: '2026',
    });
    expect(resolved(read.settings)).toEqual(config);
    // Changed by hand after the draw, the demand is a list again, and the pattern is dropped.
    const edited = configToSettings('Edited', {
      ...asConfigInput(config),
      consumerDemand: [5, ...demand.slice(1)],
    });
    if (!edited.ok) throw new Error(edited.messageId);
    expect(edited.settings.demandMode).toBe('list');
    const asList = settingsToConfig(edited.settings, asConfigInput(config));
    expect(asList.ok && asList.config.demandPattern).toBeUndefined();
  });

  it('refuses a random demand whose highest is below its lowest, or a seed that is not whole', () => {
    const form: GameSettings = {
      ...threeStages(),
      demandMode: 'random',
      demandMin: '8',
      demandMax: '4',
      demandSeed: '1.5',
    };
    const result = settingsToConfig(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.demandMax).toMatchObject({
      messageId: 'gameSettings.errDemandRange',
      values: { min: 8 },
    });
    expect(result.errors.demandSeed).toBeDefined();
  });

  it('a configuration with several products is not for this form', () => {
    const twoProducts: BeerConfigInput = {
      productsTemplates: [
        { id: 'p1', name: 'A' },
        { id: 'p2', name: 'B' },
      ],
      productsConsumerDemand: [
        { pid: 'p1', fid: 'shop', demand: [4] },
        { pid: 'p2', fid: 'shop', demand: [2] },
      ],
      facilities: [
        {
          id: 'shop',
          name: 'Shop',
          capabilities: { A1: { pid: 'p1', from: 'plant' }, A2: { pid: 'p2', from: 'plant' } },
        },
        { id: 'plant', name: 'Plant', capabilities: { A1: { pid: 'p1', type: 'production', from: {} } } },
      ],
    };
    expect(configToSettings('Two', twoProducts)).toEqual({
      ok: false,
      messageId: 'gameSettings.errNotEditable',
    });
  });

  it('refuses a configuration whose facilities have rules of their own, rather than replace them', () => {
    // Lost sales: no backlog, a missed-sale cost and a price per stage that the form cannot show.
    expect(configToSettings('Lost sales', BEERGAME_TEMPLATES.lostSales())).toEqual({
      ok: false,
      messageId: 'gameSettings.errNotEditable',
    });
    const classic = classicConfigInput();
    const [retailer, ...others] = classic.facilities as Array<Record<string, unknown>>;
    const dearerRetailer = {
      ...classic,
      facilities: [{ ...retailer, pdata: { p1: { stock: 12, stockCost: 1, backlogCost: 1 } } }, ...others],
    } as typeof classic;
    expect(configToSettings('Dearer', dearerRetailer).ok).toBe(false);
    for (const id of ['classic', 'short', 'transparent', 'twoStages', 'eightStages'] as const)
      expect(configToSettings(id, BEERGAME_TEMPLATES[id]()).ok, id).toBe(true);
  });
});
