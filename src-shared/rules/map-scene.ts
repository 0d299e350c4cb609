/**
 * The supply-chain map as geometry (spec point 9): where each facility, scenery cell and consumer
 * marker stands, and the links between suppliers and clients with the goods travelling downstream
 * and the orders travelling upstream. Pure: the React component only draws what this returns.
 */
import { defaultMapLayout, type MapPosition } from './map-layout';
import { type FacilityPicture, facilityPicture, type SceneryPicture, sceneryPicture } from './map-pictures';

/** Size of a map cell and of a facility's card, in SVG units (cards are taller than wide: five lines of text). */
export const MAP_CELL = { width: 160, height: 180 };
export const MAP_CARD = { width: 148, height: 166 };
/** Radius of a consumer marker; distance between the goods line and the orders line. */
export const CONSUMER_RADIUS = 30;
const LANE_GAP = 5;
/** At most this many quantities on one line of a link. */
const MAX_LABELS = 3;
/** Line height of stacked quantities. */
const LABEL_LINE = 17;

export interface SceneFacilityInput {
  id: string;
  type: string;
  icon: string | null;
  visual: string | null;
  position: MapPosition | null;
  clients: string[];
  supplierIds: string[];
  numbers: {
    inbound?: Array<{ from: string; qty: number; week: number }>;
    ordersOnTheWay?: Array<{ to: string; qty: number; week: number }>;
  } | null;
}

export interface SceneInput {
  map: { rows: number; columns: number; bckCells: Array<MapPosition & { visual: string | null }> } | null;
  facilities: SceneFacilityInput[];
}

export interface Point {
  x: number;
  y: number;
}
export interface Segment {
  from: Point;
  to: Point;
}
/** A quantity on a link and the week it arrives; `anchor` aligns its text beside the line. */
export interface FlowLabel extends Point {
  qty: number;
  week: number;
  anchor: 'start' | 'middle' | 'end';
}
export interface SceneNode extends Point {
  id: string;
  picture: FacilityPicture;
}
export interface SceneLink {
  supplierId: string;
  clientId: string;
  /** Goods, supplier → client. */
  goods: Segment;
  /** Orders, client → supplier, beside the goods line. */
  orders: Segment;
  goodsLabels: FlowLabel[];
  orderLabels: FlowLabel[];
}
/** The end consumers of a facility that sells to them: in a free neighbouring cell, or on its card's corner. */
export interface SceneConsumer extends Point {
  facilityId: string;
  /** Goods to the consumers; null when the marker sits on the card. */
  goods: Segment | null;
}
export interface MapScene {
  rows: number;
  columns: number;
  width: number;
  height: number;
  nodes: SceneNode[];
  scenery: Array<Point & { picture: SceneryPicture }>;
  links: SceneLink[];
  consumers: SceneConsumer[];
}

/** The U of the default layout for any count (spec sizes up to 8, the same pattern beyond). */
function fallbackPositions(n: number): { rows: number; columns: number; positions: MapPosition[] } {
  const layout = defaultMapLayout(n);
  if (layout) return layout;
  if (n <= 1) return { rows: 1, columns: 1, positions: [{ row: 0, column: 0 }] };
  const perRow = Math.ceil(n / 2);
  const columns = 2 * perRow - 1;
  const positions = Array.from({ length: n }, (_, i) =>
    i < perRow ? { row: 0, column: 2 * i } : { row: 2, column: columns - 1 - 2 * (i - perRow) },
  );
  return { rows: 3, columns, positions };
}

const centre = (p: MapPosition): Point => ({
  x: (p.column + 0.5) * MAP_CELL.width,
  y: (p.row + 0.5) * MAP_CELL.height,
});

/** The point where the ray from a card's centre towards `target` leaves the card, `gap` beyond it. */
function cardEdge(c: Point, target: Point, gap = 4): Point {
  const dx = target.x - c.x;
  const dy = target.y - c.y;
  const t = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : (MAP_CARD.width / 2 + gap) / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : (MAP_CARD.height / 2 + gap) / Math.abs(dy),
  );
  return { x: c.x + dx * t, y: c.y + dy * t };
}

const shift = (s: Segment, by: Point): Segment => ({
  from: { x: s.from.x + by.x, y: s.from.y + by.y },
  to: { x: s.to.x + by.x, y: s.to.y + by.y },
});

/**
 * Quantities beside a segment drawn towards `to`. Beside a horizontal line they stack above
 * (side -1) or below (+1) its middle, soonest on top (a short line has no room for two side by
 * side); beside a vertical one they sit right (+1) or left (-1), the soonest nearest `to`.
 */
export function labelsAlong(
  s: Segment,
  flows: Array<{ qty: number; week: number }>,
  side: 1 | -1,
): FlowLabel[] {
  const shown = flows.filter((f) => f.qty > 0).slice(0, MAX_LABELS);
  const horizontal = Math.abs(s.to.x - s.from.x) >= Math.abs(s.to.y - s.from.y);
  return shown.map((f, k) => {
    if (horizontal) {
      // Read top to bottom, soonest first: above the line the soonest is the farthest.
      const row = side < 0 ? shown.length - 1 - k : k;
      const x = (s.from.x + s.to.x) / 2;
      const y = (s.from.y + s.to.y) / 2 + (side < 0 ? -9 - row * LABEL_LINE : 19 + row * LABEL_LINE);
      return { qty: f.qty, week: f.week, x, y, anchor: 'middle' };
    }
    const t = 1 - (k + 1) / (shown.length + 1);
    const x = s.from.x + (s.to.x - s.from.x) * t;
    const y = s.from.y + (s.to.y - s.from.y) * t;
    return { qty: f.qty, week: f.week, x: x + side * 9, y: y + 5, anchor: side > 0 ? 'start' : 'end' };
  });
}

/** Cells strictly between two facilities of one row or column: a link crosses them. */
function cellsBetween(a: MapPosition, b: MapPosition): string[] {
  const cells: string[] = [];
  if (a.row === b.row)
    for (let c = Math.min(a.column, b.column) + 1; c < Math.max(a.column, b.column); c++)
      cells.push(`${a.row},${c}`);
  if (a.column === b.column)
    for (let r = Math.min(a.row, b.row) + 1; r < Math.max(a.row, b.row); r++) cells.push(`${r},${a.column}`);
  return cells;
}

interface Placed {
  facility: SceneFacilityInput;
  position: MapPosition;
}

/** Each facility's cell: its own position, else the default layout's, and the map size holding them all. */
function place(input: SceneInput): { rows: number; columns: number; placed: Placed[] } {
  const fallback = fallbackPositions(input.facilities.length);
  let rows = input.map?.rows ?? fallback.rows;
  let columns = input.map?.columns ?? fallback.columns;
  const placed = input.facilities.map((facility, i) => {
    const position = facility.position ?? fallback.positions[i]!;
    rows = Math.max(rows, position.row + 1);
    columns = Math.max(columns, position.column + 1);
    return { facility, position };
  });
  return { rows, columns, placed };
}

function linkBetween(supplier: Placed, client: Placed): SceneLink {
  const a = centre(supplier.position);
  const b = centre(client.position);
  const goodsLine = { from: cardEdge(a, b), to: cardEdge(b, a) };
  const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const normal = { x: (-(b.y - a.y) / length) * LANE_GAP, y: ((b.x - a.x) / length) * LANE_GAP };
  const goods = shift(goodsLine, { x: -normal.x, y: -normal.y });
  const ordersForward = shift(goodsLine, normal);
  const orders = { from: ordersForward.to, to: ordersForward.from };
  const numbers = client.facility.numbers;
  const inbound = (numbers?.inbound ?? []).filter((g) => g.from === supplier.facility.id);
  const sent = (numbers?.ordersOnTheWay ?? []).filter((o) => o.to === supplier.facility.id);
  // Each lane's quantities on its own outer side: goods on one side of the pair, orders on the other.
  const horizontal = Math.abs(b.x - a.x) >= Math.abs(b.y - a.y);
  const sideOf = (lane: -1 | 1): 1 | -1 =>
    horizontal ? (Math.sign(lane * normal.y) as 1 | -1) : (Math.sign(lane * normal.x) as 1 | -1);
  return {
    supplierId: supplier.facility.id,
    clientId: client.facility.id,
    goods,
    orders,
    goodsLabels: labelsAlong(goods, inbound, sideOf(-1)),
    orderLabels: labelsAlong(orders, sent, sideOf(1)),
  };
}

/** Neighbouring cells to try for a consumer marker, nearest first. */
const NEIGHBOURS = [
  [0, -1],
  [0, 1],
  [1, 0],
  [-1, 0],
  [1, -1],
  [1, 1],
  [-1, -1],
  [-1, 1],
] as const;

/** A marker for the end consumers of each facility without clients, in a free cell next to it if any. */
function consumersOf(placed: Placed[], taken: Set<string>, rows: number, columns: number): SceneConsumer[] {
  const consumers: SceneConsumer[] = [];
  for (const { facility, position } of placed) {
    if (facility.clients.length > 0) continue;
    const c = centre(position);
    const free = NEIGHBOURS.map(([dr, dc]) => ({
      row: position.row + dr,
      column: position.column + dc,
    })).find(
      (p) =>
        p.row >= 0 &&
        p.row < rows &&
        p.column >= 0 &&
        p.column < columns &&
        !taken.has(`${p.row},${p.column}`),
    );
    if (!free) {
      const corner = { x: c.x - MAP_CARD.width / 2 + 6, y: c.y - MAP_CARD.height / 2 + 6 };
      consumers.push({ facilityId: facility.id, ...corner, goods: null });
      continue;
    }
    taken.add(`${free.row},${free.column}`);
    const m = centre(free);
    const length = Math.hypot(m.x - c.x, m.y - c.y);
    const end = {
      x: m.x - ((m.x - c.x) / length) * (CONSUMER_RADIUS + 4),
      y: m.y - ((m.y - c.y) / length) * (CONSUMER_RADIUS + 4),
    };
    consumers.push({ facilityId: facility.id, ...m, goods: { from: cardEdge(c, m), to: end } });
  }
  return consumers;
}

/** The whole map: cells, scenery, every supplier → client link with its flows, and the consumers. */
export function mapScene(input: SceneInput): MapScene {
  const { rows, columns, placed } = place(input);
  const byId = new Map(placed.map((p) => [p.facility.id, p]));
  const taken = new Set(placed.map((p) => `${p.position.row},${p.position.column}`));
  const links: SceneLink[] = [];
  for (const client of placed) {
    for (const supplierId of client.facility.supplierIds) {
      const supplier = byId.get(supplierId);
      if (!supplier || supplier === client) continue;
      links.push(linkBetween(supplier, client));
      for (const cell of cellsBetween(supplier.position, client.position)) taken.add(cell);
    }
  }
  const scenery: MapScene['scenery'] = [];
  for (const cell of input.map?.bckCells ?? []) {
    const picture = sceneryPicture(cell.visual);
    const key = `${cell.row},${cell.column}`;
    if (!picture || taken.has(key)) continue;
    taken.add(key);
    scenery.push({ ...centre(cell), picture });
  }
  return {
    rows,
    columns,
    width: columns * MAP_CELL.width,
    height: rows * MAP_CELL.height,
    nodes: placed.map(({ facility, position }) => ({
      id: facility.id,
      picture: facilityPicture(facility),
      ...centre(position),
    })),
    scenery,
    links,
    consumers: consumersOf(placed, taken, rows, columns),
  };
}
