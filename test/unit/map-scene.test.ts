import { describe, expect, it } from 'vitest';
import { viewGame } from '../../src-shared/beergame';
import { defaultMapLayout } from '../../src-shared/rules/map-layout';
import { FACILITY_PICTURES, facilityPicture, sceneryPicture } from '../../src-shared/rules/map-pictures';
import {
  labelsAlong,
  MAP_CARD,
  MAP_CELL,
  mapScene,
  type SceneFacilityInput,
} from '../../src-shared/rules/map-scene';
import { CREATOR, classicWithPlayers } from './beergame/helpers';

/** A chain of n facilities f0 (sells to consumers) ← f1 ← … ← f(n-1), without positions. */
function chain(n: number): SceneFacilityInput[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `f${i}`,
    type: 'wholesaler',
    icon: null,
    visual: null,
    position: null,
    clients: i === 0 ? [] : [`f${i - 1}`],
    supplierIds: i === n - 1 ? [] : [`f${i + 1}`],
    numbers: null,
  }));
}

describe('map pictures', () => {
  it('one picture for each of the 16 kinds, from visual, else icon, else type, else generic', () => {
    expect(FACILITY_PICTURES).toHaveLength(16);
    expect(facilityPicture({ visual: 'Plane hangar', icon: 'farm', type: 'x' })).toBe('planehangar');
    expect(facilityPicture({ visual: null, icon: '/img/post-office.svg', type: 'x' })).toBe('postoffice');
    expect(facilityPicture({ visual: 'https://example.com/a.png', icon: null, type: 'Train_Assembly' })).toBe(
      'trainassembly',
    );
    expect(facilityPicture({ visual: null, icon: null, type: 'manufacturer' })).toBe('factory');
    expect(facilityPicture({ visual: null, icon: null, type: 'castle' })).toBe('generic');
  });

  it('scenery: rocks and trees, a cell without a visual is a tree, unknown pictures are not drawn', () => {
    expect([sceneryPicture('rock'), sceneryPicture('Tree'), sceneryPicture(null)]).toEqual([
      'rock',
      'tree',
      'tree',
    ]);
    expect(sceneryPicture('lake.png')).toBeNull();
  });
});

describe('mapScene', () => {
  it('the default sizes of spec point 9 and one cell per facility', () => {
    for (const [n, columns] of [
      [2, 3],
      [4, 3],
      [5, 5],
      [6, 5],
      [7, 7],
      [8, 7],
    ] as const) {
      const scene = mapScene({ map: null, facilities: chain(n) });
      expect([scene.rows, scene.columns]).toEqual([3, columns]);
      expect(scene.width).toBe(columns * MAP_CELL.width);
      expect(new Set(scene.nodes.map((p) => `${p.x},${p.y}`)).size).toBe(n);
      expect(scene.links).toHaveLength(n - 1);
    }
    expect(mapScene({ map: null, facilities: chain(10) }).columns).toBe(9);
  });

  it('the classic game: the positions of its view, links clear of the cards, consumers beside the retailer', () => {
    const view = viewGame(classicWithPlayers().state, { userId: CREATOR });
    const scene = mapScene(view);
    const layout = defaultMapLayout(4)!;
    expect(scene.nodes.map((n) => n.x)).toEqual(
      layout.positions.map((p) => (p.column + 0.5) * MAP_CELL.width),
    );
    const retailerToWholesaler = scene.links.find((l) => l.clientId === 'retailer')!;
    expect(retailerToWholesaler.supplierId).toBe('wholesaler');
    // Goods go right to left (wholesaler at column 2, retailer at column 0), orders the other way.
    expect(retailerToWholesaler.goods.from.x).toBeGreaterThan(retailerToWholesaler.goods.to.x);
    expect(retailerToWholesaler.orders.from.x).toBeLessThan(retailerToWholesaler.orders.to.x);
    expect(retailerToWholesaler.goods.to.x).toBeGreaterThan(scene.nodes[0]!.x + MAP_CARD.width / 2);
    expect(retailerToWholesaler.goodsLabels.map((l) => [l.qty, l.week])).toEqual([
      [4, 2],
      [4, 3],
    ]);
    // Stacked on the goods line's outer side (orders on the other), the soonest on top.
    const [soonest, later] = retailerToWholesaler.goodsLabels;
    expect(retailerToWholesaler.goods.to.y).toBeGreaterThan(retailerToWholesaler.orders.to.y);
    expect(soonest!.y).toBeGreaterThan(retailerToWholesaler.goods.to.y);
    expect(later!.y).toBeGreaterThan(soonest!.y);
    expect(later!.x).toBe(soonest!.x);
    expect(scene.consumers).toEqual([
      expect.objectContaining({ facilityId: 'retailer', x: 0.5 * MAP_CELL.width, y: 1.5 * MAP_CELL.height }),
    ]);
  });

  it('invertedFlows mirrors the chain: the retailer on the right, its customers below it', () => {
    const scene = mapScene(viewGame(classicWithPlayers({ invertedFlows: true }).state, { userId: CREATOR }));
    expect(scene.nodes[0]).toMatchObject({
      id: 'retailer',
      x: 2.5 * MAP_CELL.width,
      y: 0.5 * MAP_CELL.height,
    });
    expect(scene.consumers[0]).toMatchObject({ x: 2.5 * MAP_CELL.width, y: 1.5 * MAP_CELL.height });
    const toRetailer = scene.links.find((l) => l.clientId === 'retailer')!;
    expect(toRetailer.goods.to.x).toBeGreaterThan(toRetailer.goods.from.x);
  });

  it('draws nothing on a link the viewer may not see', () => {
    const view = viewGame(classicWithPlayers().state, { userId: 'u-retailer' });
    const scene = mapScene(view);
    const labelled = scene.links.filter((l) => l.goodsLabels.length + l.orderLabels.length > 0);
    expect(labelled.map((l) => l.clientId)).toEqual(['retailer']);
  });

  it('a configured map: its size, its positions, scenery on free cells only', () => {
    const facilities = chain(2).map((f, i) => ({ ...f, position: { row: 1, column: i * 3 } }));
    const scene = mapScene({
      map: {
        rows: 2,
        columns: 4,
        bckCells: [
          { row: 0, column: 0, visual: 'rock' },
          { row: 1, column: 1, visual: 'tree' },
          { row: 0, column: 3, visual: 'lake' },
        ],
      },
      facilities,
    });
    expect([scene.rows, scene.columns]).toEqual([2, 4]);
    // (1,1) lies under the link: not drawn; the lake has no picture.
    expect(scene.scenery).toEqual([{ picture: 'rock', x: 0.5 * MAP_CELL.width, y: 0.5 * MAP_CELL.height }]);
    // The consumer marker avoids the rock and the link: the free diagonal cell.
    expect(scene.consumers[0]).toMatchObject({
      facilityId: 'f0',
      x: 1.5 * MAP_CELL.width,
      y: 0.5 * MAP_CELL.height,
    });
    const full = mapScene({
      map: { rows: 1, columns: 2, bckCells: [] },
      facilities: chain(2).map((f, i) => ({ ...f, position: { row: 0, column: i } })),
    });
    expect(full.consumers[0]).toMatchObject({ facilityId: 'f0', goods: null });
  });

  it('labels above a horizontal line read soonest first, top to bottom', () => {
    const line = { from: { x: 100, y: 50 }, to: { x: 0, y: 50 } };
    const labels = labelsAlong(
      line,
      [
        { qty: 1, week: 2 },
        { qty: 2, week: 3 },
      ],
      -1,
    );
    expect(labels.every((l) => l.y < 50 && l.x === 50 && l.anchor === 'middle')).toBe(true);
    expect(labels[0]!.y).toBeLessThan(labels[1]!.y);
  });

  it('labels beside a vertical line, soonest nearest the receiver, at most three', () => {
    const line = { from: { x: 0, y: 0 }, to: { x: 0, y: 100 } };
    const flows = [1, 2, 3, 4].map((week) => ({ qty: week * 10, week }));
    const labels = labelsAlong(line, [{ qty: 0, week: 9 }, ...flows], 1);
    expect(labels.map((l) => l.qty)).toEqual([10, 20, 30]);
    expect(labels[0]!.y).toBeGreaterThan(labels[1]!.y);
    expect(labels.every((l) => l.x > 0 && l.anchor === 'start')).toBe(true);
  });
});
