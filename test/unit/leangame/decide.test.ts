/** Commands of the lean game played by hand: the panel lock, each action, each improvement's rule. */
import { describe, expect, it } from 'vitest';
import { leangameSummary, productIdOf, viewLeanGame } from '../../../src-shared/leangame';
import {
  alice,
  at,
  bob,
  carol,
  creator,
  Game,
  given,
  MIN,
  oneSheetAtPaint,
  played,
  smallSetup,
  system,
  T0,
} from './helpers';

describe('taking a station', () => {
  it('is for players: the creator sees every station and takes none, as in the beer game', () => {
    // Issue 29, item 1: the lean creator could take a station, the beer creator a role not.
    const game = Game.create();
    game
      .when({ type: 'JoinFacility', facilityId: 'paint', playerName: 'Teacher' }, creator, T0 - 5000)
      .thenRefused('leangame.errCreatorCannotPlay');
    game.run({ type: 'JoinFacility', facilityId: 'paint', playerName: 'Bob' }, bob, T0 - 5000);
    expect(game.state.facilities.find((f) => f.id === 'paint')!.user).toBe('bob');
  });
});

describe('improvements panel (spec point 4)', () => {
  it('opens only for a player with a facility or the creator, and is locked by whoever opened it', () => {
    const game = Game.create();
    game.run({ type: 'JoinFacility', facilityId: 'paint', playerName: 'Bob' }, bob, T0 - 5000);
    game.when({ type: 'OpenImprovementsPanel' }, alice, T0 - 4000).thenRefused('leangame.errPanelForbidden');
    game.run({ type: 'OpenImprovementsPanel' }, bob, T0 - 4000);
    expect(game.state.improvementsPanelBy).toBe('bob');
    game.when({ type: 'OpenImprovementsPanel' }, creator, T0 - 3900).thenRefused('leangame.errPanelLocked');
    game
      .when({ type: 'EnableImprovement', improvement: 'smed' }, creator, T0 - 3800)
      .thenRefused('leangame.errPanelLocked');
    expect(viewLeanGame(game.state, creator, T0)!.canOpenImprovementsPanel).toBe(false);
    expect(viewLeanGame(game.state, bob, T0)!.canOpenImprovementsPanel).toBe(true);
    game.run({ type: 'EnableImprovement', improvement: 'smed' }, bob, T0 - 3700);
    game.run({ type: 'CloseImprovementsPanel' }, bob, T0 - 3600);
    game.run({ type: 'OpenImprovementsPanel' }, creator, T0 - 3500);
    expect(game.state.improvementsPanelBy).toBe('teacher');
    expect(game.state.improvements).toEqual(['smed']);
  });

  it('changes rules only before the start, only for available improvements, and settings only once enabled', () => {
    const game = Game.create(
      smallSetup({ improvements: { available: ['batch', 'movestations', 'kanban'], enabled: [] } }),
    );
    game
      .when({ type: 'EnableImprovement', improvement: 'batch' }, creator, T0)
      .thenRefused('leangame.errPanelNotOpen');
    game.run({ type: 'OpenImprovementsPanel' }, creator, T0 - 9000);
    game
      .when({ type: 'EnableImprovement', improvement: 'smed' }, creator, T0 - 8000)
      .thenRefused('leangame.errImprovementUnavailable');
    game
      .when({ type: 'SetBatchSize', batchSize: 2 }, creator, T0 - 8000)
      .thenRefused('leangame.errImprovementNotEnabled');
    const events = game.run({ type: 'EnableImprovement', improvement: 'batch' }, creator, T0 - 7000);
    expect(events.map((e) => e.type)).toEqual(['ImprovementEnabled', 'BatchSizeSet']);
    expect(game.state.batchSize).toBe(1);
    game.run({ type: 'SetBatchSize', batchSize: 2 }, creator, T0 - 6000);
    game.run({ type: 'EnableImprovement', improvement: 'kanban' }, creator, T0 - 5500);
    game.when({ type: 'SetKanbanCap', cap: 1 }, creator, T0 - 5000).thenRefused('leangame.errKanbanCap');
    game.run({ type: 'EnableImprovement', improvement: 'movestations', apply: false }, creator, T0 - 5000);
    game
      .when({ type: 'MoveStation', facilityId: 'paint', position: { row: 2, column: 0 } }, creator, T0 - 4000)
      .thenRefused('leangame.errCellTaken');
    game
      .when({ type: 'MoveStation', facilityId: 'paint', position: { row: 3, column: 0 } }, creator, T0 - 4000)
      .thenRefused('leangame.errCellOutside');
    game.run(
      { type: 'MoveStation', facilityId: 'paint', position: { row: 0, column: 1 } },
      creator,
      T0 - 4000,
    );
    expect(game.state.facilities[1]!.position).toEqual({ row: 0, column: 1 });
    game.run({ type: 'StartGame' }, creator, T0);
    game
      .when({ type: 'DisableImprovement', improvement: 'batch' }, creator, T0 + 1)
      .thenRefused('leangame.errAlreadyStarted');
  });

  it('balancestations reassigns operations between stations; enabling it applies a balanced line', () => {
    const setup = smallSetup({ improvements: { available: ['balancestations'], enabled: [] } });
    setup.facilities.splice(2, 0, {
      id: 'paint2',
      name: 'Paint 2',
      type: 'station',
      position: { row: 1, column: 3 },
      tools: [],
      user: null,
      playerName: null,
    });
    const game = Game.create(setup);
    game.run({ type: 'OpenImprovementsPanel' }, creator, T0 - 9000);
    game
      .when({ type: 'ReassignOperation', tool: 'square:blue', facilityId: 'paint2' }, creator, T0 - 8000)
      .thenRefused('leangame.errImprovementNotEnabled');
    const events = game.run(
      { type: 'EnableImprovement', improvement: 'balancestations' },
      creator,
      T0 - 7000,
    );
    expect(events.map((e) => e.type)).toEqual(['ImprovementEnabled', 'OperationReassigned']);
    expect(game.state.facilities.map((f) => f.tools)).toEqual([[], ['circle:red'], ['square:blue'], []]);
    game.run({ type: 'ReassignOperation', tool: 'square:blue', facilityId: 'paint' }, creator, T0 - 6000);
    expect(game.state.toolOwner['square:blue']).toBe(1);
    game
      .when({ type: 'ReassignOperation', tool: 'square:blue', facilityId: 'qc' }, creator, T0 - 5000)
      .thenRefused('leangame.errNotStation');
  });
});

describe('playing by hand', () => {
  it('joins, refuses a taken facility, and lists the players in the summary', () => {
    const game = played();
    game
      .when(
        { type: 'JoinFacility', facilityId: 'wh', playerName: null },
        { userId: 'dan', role: 'player' },
        T0,
      )
      .thenRefused('leangame.errFacilityTaken');
    expect(leangameSummary(game.state)).toEqual({
      gameId: 'g1',
      name: 'Lean',
      creatorId: 'teacher',
      finished: false,
      archived: false,
      draft: false,
      deleted: false,
      playerIds: ['alice', 'bob', 'carol'],
      freeSeats: expect.any(Number),
      session: null,
    });
    expect(game.state.computer?.facilityIds).toEqual([]);
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh' }, bob, T0 + 1)
      .thenRefused('leangame.errNotYourFacility');
  });

  it('stamps every action with the server time and records the full trip of a sheet to delivery', () => {
    const game = played();
    const { id, arrives } = oneSheetAtPaint(game);
    expect(game.events.at(-2)).toMatchObject({
      type: 'SheetReleased',
      data: { at: T0 + 1000, rank: 0, demandId: 'd1' },
    });
    expect(game.state.nextRank).toBe(1);
    game
      .when({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives - 1)
      .thenRefused('leangame.errInboxEmpty');
    game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives + 2000);
    // The station starts with its first tool: circle:red; paint target 0.
    game.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 0 },
      bob,
      arrives + 6000,
    );
    game
      .when({ type: 'SendBatch', facilityId: 'paint' }, bob, arrives + 7000)
      .thenRefused('leangame.errWorkNotDone');
    const [changed] = game.run(
      { type: 'ChangeTool', facilityId: 'paint', tool: 'square:blue' },
      bob,
      arrives + 7000,
    );
    expect(changed).toMatchObject({ type: 'ToolChanged', data: { readyAt: arrives + 7000 + 9000 } });
    game
      .when(
        { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 4 },
        bob,
        arrives + 10_000,
      )
      .thenRefused('leangame.errToolNotReady');
    game.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 4 },
      bob,
      arrives + 20_000,
    );
    const [toQc] = game.run({ type: 'SendBatch', facilityId: 'paint' }, bob, arrives + 21_000);
    expect(toQc).toMatchObject({ type: 'BatchSent', data: { to: 'qc' } });
    const atQc = toQc!.type === 'BatchSent' ? toQc.data.arrivesAt : 0;
    game.run({ type: 'PickUpBatch', facilityId: 'qc' }, carol, atQc);
    game.run({ type: 'InspectSheet', facilityId: 'qc', productId: id }, carol, atQc + 3000);
    const [back] = game.run({ type: 'SendBatch', facilityId: 'qc' }, carol, atQc + 4000);
    expect(back).toMatchObject({ type: 'BatchSent', data: { to: 'wh' } });
    const home = back!.type === 'BatchSent' ? back.data.arrivesAt : 0;
    game.run({ type: 'DeliverProduct', facilityId: 'wh' }, alice, home + 1000);
    const d1 = game.state.demand.find((d) => d.id === 'd1')!;
    expect(d1).toMatchObject({
      fulfilled_qty: 1,
      otifProducts: 1,
      lateProducts: 0,
      defectProducts: 0,
      prod_started_qty: 1,
      fulfilled_at: null,
    });
    const p = game.state.products[0]!;
    const total = Object.values(p.times).reduce((a, b) => a + b, 0);
    expect(total).toBe(p.deliveredAt! - p.releasedAt!);
    expect(p.times.changeoverTime).toBe(9000);
    expect(p.times.moveTime).toBeGreaterThan(0);
    expect(Object.keys(p.faciGap).sort()).toEqual(['paint', 'qc', 'wh']);
  });

  it('records a wrong target or tool as a defective operation, which quality control removes for repaint', () => {
    const game = played();
    const { id, arrives } = oneSheetAtPaint(game);
    game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives);
    const [wrong] = game.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 8 },
      bob,
      arrives + 5000,
    );
    expect(wrong).toMatchObject({
      type: 'OperationPerformed',
      data: { opIndex: 0, defective: true, painted: { shape: 'circle', colour: 'red', target: 8 } },
    });
    // Wrong tool on the right target: circle:red on square:blue's target 4.
    const [wrongTool] = game.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 4 },
      bob,
      arrives + 9000,
    );
    expect(wrongTool).toMatchObject({ data: { opIndex: 1, defective: true } });
    expect(game.state.facilities[1]!.defectsMade).toBe(2);
    // Without autoinspect the station may not remove its own defects.
    game
      .when({ type: 'RemoveDefect', facilityId: 'paint', productId: id, opIndex: 0 }, bob, arrives + 10_000)
      .thenRefused('leangame.errNotInspector');
    const [sent] = game.run({ type: 'SendBatch', facilityId: 'paint' }, bob, arrives + 10_000);
    const atQc = sent!.type === 'BatchSent' ? sent.data.arrivesAt : 0;
    game.run({ type: 'PickUpBatch', facilityId: 'qc' }, carol, atQc);
    game.run({ type: 'InspectSheet', facilityId: 'qc', productId: id }, carol, atQc + 2000);
    game.run({ type: 'RemoveDefect', facilityId: 'qc', productId: id, opIndex: 0 }, carol, atQc + 4000);
    expect(game.state.products[0]!).toMatchObject({
      reworkNeeded: true,
      inspected: false,
      everDefective: true,
    });
    // No rework facility: quality control repaints, with the right tool.
    game
      .when({ type: 'PerformOperation', facilityId: 'qc', productId: id, target: 0 }, carol, atQc + 5000)
      .thenRefused('leangame.errNoTool');
    game.run({ type: 'ChangeTool', facilityId: 'qc', tool: 'circle:red' }, carol, atQc + 5000);
    game.run({ type: 'PerformOperation', facilityId: 'qc', productId: id, target: 0 }, carol, atQc + 20_000);
    expect(game.state.products[0]!.ops[0]).toMatchObject({ status: 'ok', by: 'qc' });
    // The missed defect (op 1) is delivered: a defective product, not OTIF.
    game.run({ type: 'InspectSheet', facilityId: 'qc', productId: id }, carol, atQc + 22_000);
    const [home] = game.run({ type: 'SendBatch', facilityId: 'qc' }, carol, atQc + 23_000);
    const arrive = home!.type === 'BatchSent' ? home.data.arrivesAt : 0;
    game.run(
      { type: 'DeliverProduct', facilityId: 'wh', productId: id },
      alice,
      Math.max(arrive, T0 + 5 * MIN),
    );
    expect(game.state.demand[0]).toMatchObject({
      fulfilled_qty: 1,
      defectProducts: 1,
      defectOpes: 1,
      lateProducts: 1,
      otifProducts: 0,
    });
  });

  it('pokayoke refuses a wrong tool or target; autoinspect lets a station remove its own defects', () => {
    const poka = played(['pokayoke']);
    const a = oneSheetAtPaint(poka);
    poka.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, a.arrives);
    poka
      .when(
        { type: 'PerformOperation', facilityId: 'paint', productId: a.id, target: 8 },
        bob,
        a.arrives + 5000,
      )
      .thenRefused('leangame.errPokayoke');
    poka
      .when(
        { type: 'PerformOperation', facilityId: 'paint', productId: a.id, target: 4 },
        bob,
        a.arrives + 5000,
      )
      .thenRefused('leangame.errPokayoke');
    poka.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: a.id, target: 0 },
      bob,
      a.arrives + 6000,
    );

    const auto = played(['autoinspect']);
    const b = oneSheetAtPaint(auto);
    auto.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, b.arrives);
    auto.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: b.id, target: 8 },
      bob,
      b.arrives + 5000,
    );
    auto.run(
      { type: 'RemoveDefect', facilityId: 'paint', productId: b.id, opIndex: 0 },
      bob,
      b.arrives + 6000,
    );
    auto.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: b.id, target: 0 },
      bob,
      b.arrives + 9000,
    );
    expect(auto.state.products[0]!.ops[0]!.status).toBe('ok');
    expect(auto.state.products[0]!.reworkNeeded).toBe(false);
  });

  it('smed cuts the changeover a player waits for', () => {
    const game = played(['smed']);
    const { id, arrives } = oneSheetAtPaint(game);
    game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives);
    const [changed] = game.run(
      { type: 'ChangeTool', facilityId: 'paint', tool: 'square:blue' },
      bob,
      arrives + 1000,
    );
    expect(changed).toMatchObject({ data: { readyAt: arrives + 1000 + 1800 } });
    game.run(
      { type: 'PerformOperation', facilityId: 'paint', productId: id, target: 4 },
      bob,
      arrives + 2800,
    );
  });

  it('kanban refuses a release or a batch beyond the cap before a station', () => {
    const game = played(['kanban'], { kanbanCap: 4, batchSize: 4 });
    for (let k = 0; k < 2; k += 1) game.run({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0 + 1000 + k);
    game.run({ type: 'ReleaseSheet', facilityId: 'wh', templateId: 'a' }, alice, T0 + 1100);
    game.run({ type: 'ReleaseSheet', facilityId: 'wh', templateId: 'a' }, alice, T0 + 1200);
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh', templateId: 'a' }, alice, T0 + 1300)
      .thenRefused('leangame.errKanbanFull');
    expect(game.state.products.filter((p) => p.startedFor === null)).toHaveLength(2);
    game.run({ type: 'SendBatch', facilityId: 'wh' }, alice, T0 + 2000);
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh', templateId: 'a' }, alice, T0 + 3000)
      .thenRefused('leangame.errKanbanFull');
    // Without a demand left, the warehouse may only release a named template.
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0 + 3000)
      .thenRefused('leangame.errNoOpenDemand');
  });

  it('picks up at most a batch, and refuses a second pick-up while the hand is full', () => {
    const game = played([], { batchSize: 2 });
    for (let k = 0; k < 3; k += 1)
      game.run({ type: 'ReleaseSheet', facilityId: 'wh', templateId: 'a' }, alice, T0 + 1000 + k);
    const [sent] = game.run({ type: 'SendBatch', facilityId: 'wh' }, alice, T0 + 2000);
    const arrives = sent!.type === 'BatchSent' ? sent.data.arrivesAt : 0;
    const [picked] = game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives);
    expect(picked).toMatchObject({ data: { productIds: [productIdOf(0), productIdOf(1)] } });
    game
      .when({ type: 'PickUpBatch', facilityId: 'paint' }, bob, arrives + 1)
      .thenRefused('leangame.errHandBusy');
  });

  it('refuses actions before the start and after the end, and ends only by the creator', () => {
    const game = Game.create();
    game.run({ type: 'JoinFacility', facilityId: 'wh', playerName: 'Alice' }, alice, T0 - 1000);
    game.when({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0).thenRefused('leangame.errNotStarted');
    game.when({ type: 'StartGame' }, alice, T0).thenRefused('leangame.errNotCreator');
    game.run({ type: 'StartGame' }, creator, T0);
    game.when({ type: 'StartGame' }, creator, T0 + 1).thenRefused('leangame.errAlreadyStarted');
    game.when({ type: 'EndGame' }, alice, T0 + 2).thenRefused('leangame.errNotCreator');
    game.run({ type: 'EndGame' }, creator, T0 + MIN);
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0 + 2 * MIN)
      .thenRefused('leangame.errGameEnded');
    expect(leangameSummary(game.state).finished).toBe(true);
    game
      .when({ type: 'CreateLeanGame', gameId: 'g1', name: 'x', seed: 1 }, creator, T0)
      .thenRefused('leangame.errGameExists');
    given().when({ type: 'StartGame' }, at(creator, T0)).thenRefused('leangame.errGameUnknown');
    given()
      .when({ type: 'CreateLeanGame', gameId: 'g', name: 'x', seed: 1, scenarioId: 'nope' }, at(creator, T0))
      .thenRefused('leangame.errScenarioUnknown');
    given()
      .when(
        { type: 'CreateLeanGame', gameId: 'g', name: 'x', seed: 1, setup: { params: {} } },
        at(creator, T0),
      )
      .thenRefused('leangame.errInvalidSetup');
  });

  it('mixes players and computer stations: the computer plays the free facilities on its schedule', () => {
    const game = Game.create(smallSetup());
    game.run({ type: 'JoinFacility', facilityId: 'qc', playerName: 'Carol' }, carol, T0 - 1000);
    game.run({ type: 'StartGame' }, creator, T0);
    expect(game.state.computer).toEqual({ facilityIds: ['wh', 'paint'], until: T0 + 10 * MIN });
    game.run({ type: 'RunComputerActions' }, system, T0 + MIN);
    const types = new Set(game.events.map((e) => e.type));
    expect(types).toContain('SheetReleased');
    expect(types).toContain('OperationPerformed');
    expect(game.events.every((e) => !('start' in e.data) || e.data.facilityId !== 'qc')).toBe(true);
    // Computer events never go past the wake-up instant.
    expect(game.state.lastAt).toBeLessThanOrEqual(T0 + MIN);
    expect(game.state.facilities[2]!.inbox.length).toBeGreaterThan(0);
    // A player's action recorded before a late wake-up: computer actions are never stamped earlier.
    const picked = game.run({ type: 'PickUpBatch', facilityId: 'qc' }, carol, T0 + 5.5 * MIN);
    expect(picked).toHaveLength(1);
    const late = game.run({ type: 'RunComputerActions' }, system, T0 + 5.5 * MIN + 1);
    expect(late.map((e) => e.type)).toContain('SheetReleased');
    for (const e of late) expect(e.data.at).toBeGreaterThanOrEqual(T0 + 5.5 * MIN);
    // leanScheduleComputerActions: the creator may reschedule the computer's horizon.
    game.run({ type: 'ScheduleComputerActions', totalDurationMin: 6 }, creator, T0 + 5.5 * MIN + 2);
    expect(game.state.computer).toEqual({ facilityIds: ['wh', 'paint'], until: T0 + 6 * MIN });
    game.run({ type: 'RunComputerActions' }, system, T0 + 9 * MIN);
    expect(game.state.lastAt).toBeLessThanOrEqual(T0 + 6 * MIN);
  });
});

describe('views', () => {
  it('hides other facilities from a player unless the game is transparent; the creator sees everything', () => {
    const game = played([], { transparent: false });
    oneSheetAtPaint(game);
    const forCarol = viewLeanGame(game.state, carol, T0 + 5000)!;
    expect(forCarol.me).toBe('qc');
    expect(forCarol.products).toEqual([]);
    expect(forCarol.facilities.find((f) => f.id === 'paint')!.inbox).toEqual([]);
    expect(forCarol.metrics).toBeNull();
    const forBob = viewLeanGame(game.state, bob, T0 + 5000)!;
    expect(forBob.products.map((p) => p.id)).toEqual(['p0']);
    const forTeacher = viewLeanGame(game.state, creator, T0 + 5000)!;
    expect(forTeacher.products).toHaveLength(1);
    expect(forTeacher.metrics).not.toBeNull();
    expect(forTeacher.clock).toMatchObject({ started: true, minute: 0, refreshMs: 1000 });
  });
});
