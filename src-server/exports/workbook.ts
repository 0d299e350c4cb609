/**
 * The beer game's Excel workbook (issue 10): the parameters, one sheet per facility by week, every
 * order and message, and the KPIs, streamed as .xlsx with exceljs. Every figure is read from the
 * fold (history rows, `beergameKpis`) or the events, never recomputed here, so the workbook says
 * what the debrief and the research export say.
 */

import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  type BeerEvent,
  type BeerState,
  beergameKpis,
  beerUpcasters,
  type ChangeField,
  type FacilityConfig,
  meantFor,
  weeksPlayed,
} from '../../src-shared/beergame';
import { type RecordedEvent, upcast } from '../../src-shared/eventsourcing';
import { answerMatches } from '../../src-shared/rules/answer-check';
import { facilityDisplayName } from '../../src-shared/rules/facility-name';
import type { Messages } from '../messages';

/** What the workbook shows of one game. */
export interface BeergameRecord {
  /** The fold of `events`. */
  state: BeerState;
  /** The game's events as recorded: the orders, who decided them and when. */
  events: readonly RecordedEvent[];
  /** Display names by user id (players and the creator); names live in user records, not events. */
  names: Record<string, string>;
  /**
   * A player's workbook, made from the events they may see (`historyForViewer`): only the messages
   * meant for their facility, and no schedule of changes. Absent: the creator's, the whole game.
   */
  viewer?: { facilityId: string | null };
}

/** A number shown with a format (costs, rates, times); a plain number is shown as Excel's general. */
export interface Formatted {
  value: number | Date;
  format: string;
}
export type Cell = string | number | boolean | Formatted | null;

export interface Sheet {
  name: string;
  header: string[];
  rows: Cell[][];
  /** Indexes into `rows` of the header rows of a further table on the same sheet. */
  boldRows?: number[];
  /** Columns kept in view when scrolling right (the week). */
  frozenColumns?: number;
}

export const money = (value: number): Formatted => ({ value, format: '#,##0.00' });
export const rate = (value: number): Formatted => ({ value, format: '0.0%' });
export const decimal = (value: number): Formatted => ({ value, format: '0.00' });
export const time = (epochMs: number): Formatted => ({
  value: new Date(epochMs),
  format: 'yyyy-mm-dd hh:mm:ss',
});

/** The file a download is saved as: the game's name and the week it reached. */
export function workbookFileName(state: BeerState): string {
  return `${state.name}-week-${state.week}.xlsx`;
}

/** Every user the workbook names: the creator, the seats' players and the authors of orders. */
export function userIdsIn(record: Omit<BeergameRecord, 'names'>): string[] {
  const ids = new Set([record.state.creatorId]);
  for (const f of record.state.facilities) if (f.userId) ids.add(f.userId);
  for (const { event } of currentPlay(record.events))
    if (event.type === 'OrderPlaced') ids.add(event.data.userId);
  return [...ids];
}

/**
 * Writes the workbook to `output` (a response): each sheet's rows are built from the state (a game's
 * weeks fit in memory easily), then zipped and sent as they are written; resolves once it is complete.
 */
export async function writeBeergameWorkbook(
  output: Writable,
  record: BeergameRecord,
  messages: Messages,
): Promise<void> {
  const book = await workbookWriter(output);
  for (const sheet of beergameSheets(record, messages)) writeSheet(book, sheet);
  await book.commit();
}

function beergameSheets(record: BeergameRecord, messages: Messages): Sheet[] {
  const words = new Words(record.state, messages);
  const sheets = [
    parametersSheet(record, words),
    ...record.state.facilities.map((_, i) => facilitySheet(record.state, i, words)),
    ordersSheet(record, words),
    messagesSheet(record, words),
    kpisSheet(record.state, words),
    ...answersSheet(record, words),
  ];
  const taken = new Set<string>();
  for (const sheet of sheets) sheet.name = uniqueSheetName(sheet.name, taken);
  return sheets;
}

/** The labels of one workbook, and the names of its facilities, products and capabilities. */
class Words {
  constructor(
    private readonly state: BeerState,
    private readonly messages: Messages,
  ) {}

  label(id: string): string {
    return this.messages[id] ?? id;
  }

  /** A facility as the game's pages name it. */
  facility(id: string): string {
    const f = this.state.config.facilities.find((x) => x.id === id);
    return f ? facilityDisplayName(f, (messageId) => this.messages[messageId]) : id;
  }

  /** A built-in template by its translated name (the id of one this version no longer has). */
  template(id: string): string {
    return this.messages[`template.${id}`] ?? id;
  }

  product(pid: string): string {
    return this.state.config.productsTemplates.find((p) => p.id === pid)?.name ?? pid;
  }

  /** A capability as a reader knows it: the product and where it comes from. */
  capability(f: FacilityConfig, capId: string): string {
    const cap = f.capabilities[capId];
    if (!cap) return capId;
    const source =
      cap.type === 'purchase' ? this.facility(cap.from as string) : this.label('workbook.production');
    return `${this.product(cap.pid)}, ${source}`;
  }
}

/** The label of each parameter an instructor can schedule a change of. */
const CHANGE_LABELS: Record<ChangeField, string> = {
  consumerDemand: 'workbook.consumerDemand',
  unitPrice: 'workbook.unitPrice',
  stockCost: 'workbook.stockCost',
  backlogCost: 'workbook.backlogCost',
  maxShipQty: 'workbook.shipCapacity',
  leadtime: 'workbook.leadTime',
  leadtimeVariability: 'workbook.leadTimeVariability',
  visibleWeeks: 'workbook.visibleWeeks',
};

/** Revenue columns only in games that sell at a price: elsewhere they are zeros that distract. */
function hasRevenue(s: BeerState): boolean {
  return (
    s.config.facilities.some((f) => Object.values(f.pdata).some((p) => p.unitPrice > 0)) ||
    s.config.scheduledChanges.some((c) => c.field === 'unitPrice' && c.value > 0)
  );
}

function parametersSheet({ state: s, names, viewer }: BeergameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const rows: Cell[][] = [
    [t('workbook.game'), s.name],
    [t('workbook.template'), s.template === null ? null : w.template(s.template)],
    [t('workbook.createdAt'), time(s.createdAt)],
    [t('workbook.currentWeek'), s.week],
    [t('workbook.weeksClosed'), weeksPlayed(s)],
    [t('workbook.weeksTotal'), s.config.weeks],
    [t('workbook.finished'), s.finished],
    [t('workbook.endedAt'), s.endedAt === null ? null : time(s.endedAt)],
    [t('workbook.transparent'), s.transparent],
    [t('workbook.turnTimer'), s.playTimer],
    [t('workbook.timerSeconds'), s.timerSeconds],
    [t('workbook.manualAllocation'), s.config.manualAllocation],
    [t('workbook.defaultPolicy'), s.config.defaultPolicy],
    ...s.config.demand.map((d) => [
      `${t('workbook.demandPattern')}: ${w.facility(d.fid)}, ${w.product(d.pid)}`,
      ...d.demand,
    ]),
  ];
  const boldRows: number[] = [];
  const table = (header: string[], body: Cell[][]) => {
    rows.push([]);
    boldRows.push(rows.length);
    rows.push(header, ...body);
  };
  table(
    [
      t('workbook.role'),
      t('workbook.product'),
      t('workbook.playedBy'),
      t('workbook.startStock'),
      t('workbook.startBacklog'),
      t('workbook.stockCost'),
      t('workbook.backlogCost'),
      t('workbook.backlogAllowed'),
      t('workbook.unitPrice'),
      t('workbook.missedSaleCost'),
      t('workbook.shipCapacity'),
    ],
    s.config.facilities.flatMap((f, i) => {
      const seat = s.facilities[i];
      const playedBy = seat?.computer
        ? `${t('workbook.computer')} (${seat.policy ?? s.config.defaultPolicy})`
        : seat?.userId
          ? (names[seat.userId] ?? null)
          : null;
      return Object.entries(f.pdata).map(([pid, p]) => [
        w.facility(f.id),
        w.product(pid),
        playedBy,
        p.stock,
        p.backlog,
        money(p.stockCost),
        money(p.backlogCost),
        p.allowBacklog,
        money(p.unitPrice),
        money(p.missedSaleCost),
        p.maxShipQty,
      ]);
    }),
  );
  table(
    [
      t('workbook.role'),
      t('workbook.capability'),
      t('workbook.product'),
      t('workbook.supplier'),
      t('workbook.orderDelay'),
      t('workbook.leadTime'),
      t('workbook.leadTimeVariability'),
      t('workbook.startOrders'),
      t('workbook.visibleWeeks'),
      t('workbook.minimumOrder'),
      t('workbook.maximumOrder'),
      t('workbook.batchSize'),
      t('workbook.productionCost'),
    ],
    s.config.facilities.flatMap((f) =>
      Object.entries(f.capabilities).map(([capId, cap]) => [
        w.facility(f.id),
        capId,
        w.product(cap.pid),
        cap.type === 'purchase' ? w.facility(cap.from as string) : t('workbook.production'),
        cap.ordertime,
        cap.leadtime,
        cap.leadtimeVariability,
        cap.startOrders,
        cap.visibleWeeks,
        cap.moq,
        cap.maxOrderQty,
        cap.batchSize,
        money(cap.productionCost),
      ]),
    ),
  );
  // The schedule is the creator's, as in the view: a player sees its effects in the figures.
  if (!viewer && s.config.scheduledChanges.length > 0) {
    rows.push([], [t('workbook.scheduledChanges')]);
    boldRows.push(rows.length - 1);
    table(
      [
        t('workbook.week'),
        t('workbook.role'),
        t('workbook.parameter'),
        t('workbook.product'),
        t('workbook.value'),
      ],
      s.config.scheduledChanges.map((c) => [
        c.week,
        c.facilityIds.map((id) => w.facility(id)).join(', '),
        t(CHANGE_LABELS[c.field]),
        c.pid === undefined ? null : w.product(c.pid),
        c.value,
      ]),
    );
  }
  return {
    name: t('workbook.sheetParameters'),
    header: [t('workbook.parameter'), t('workbook.value')],
    rows,
    boldRows,
  };
}

/** One facility week by week, from its history rows of the weeks played; several products side by side. */
function facilitySheet(s: BeerState, i: number, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const facility = s.facilities[i]!;
  const config = s.live[i]!;
  const pids = Object.keys(config.pdata);
  const capIds = Object.keys(config.capabilities);
  const withMissed = pids.some((pid) => !config.pdata[pid]!.allowBacklog);
  const withRevenue = hasRevenue(s);
  const header = [
    t('workbook.week'),
    t('workbook.incomingOrder'),
    t('workbook.received'),
    t('workbook.shipped'),
    t('workbook.stock'),
    t('workbook.backlog'),
    t('workbook.netInventory'),
    ...(withMissed ? [t('workbook.missedSales')] : []),
    t('workbook.orderPlaced'),
    t('workbook.orderedBy'),
    t('workbook.cost'),
    t('workbook.cumulativeCost'),
    ...(withRevenue ? [t('workbook.revenue'), t('workbook.cumulativeRevenue')] : []),
  ];
  if (capIds.length > 1)
    for (const capId of capIds) header.push(`${t('workbook.orderPlaced')}: ${w.capability(config, capId)}`);
  const productColumns = ['incomingOrder', 'received', 'shipped', 'stock', 'backlog'] as const;
  if (pids.length > 1)
    for (const pid of pids)
      for (const column of productColumns) header.push(`${w.product(pid)}: ${t(`workbook.${column}`)}`);

  const rows = facility.history.slice(0, weeksPlayed(s)).map((r) => {
    const row: Cell[] = [
      r.week,
      r.incomingOrder,
      r.received,
      r.shipped,
      r.stock,
      r.backlog,
      r.netInventory,
      ...(withMissed ? [r.missed] : []),
      r.order,
      r.orderBy === null ? null : t(r.orderBy === 'player' ? 'workbook.player' : 'workbook.computer'),
      money(r.cost),
      money(r.cumulativeCost),
      ...(withRevenue ? [money(r.revenue), money(r.cumulativeRevenue)] : []),
    ];
    if (capIds.length > 1) for (const capId of capIds) row.push(r.orders?.[capId] ?? null);
    if (pids.length > 1)
      for (const pid of pids) {
        const p = r.products[pid];
        row.push(
          p?.incoming ?? null,
          p?.received ?? null,
          p?.shipped ?? null,
          p?.stock ?? null,
          p?.backlog ?? null,
        );
      }
    return row;
  });
  return { name: w.facility(facility.id), header, rows, frozenColumns: 1 };
}

/** The events of the play the state shows: a reset starts the game again from week 1. */
function currentPlay(events: readonly RecordedEvent[]): Array<{ recorded: RecordedEvent; event: BeerEvent }> {
  const current = events.map((recorded) => ({
    recorded,
    event: upcast(beerUpcasters, recorded) as BeerEvent,
  }));
  const restart = current.findLastIndex(
    ({ event }) => event.type === 'GameReset' || event.type === 'StartingOrdersReset',
  );
  return current.slice(restart + 1);
}

interface OrderLine {
  week: number;
  facilityId: string;
  capabilityId: string;
  quantity: number;
  by: 'player' | 'computer' | 'proposal';
  /** The player's or instructor's name, or the computer's rule. */
  who: string | null;
  /** For a computer order: whether it stood in for a human or empty seat that had not ordered. */
  latecomer: boolean | null;
  /** Whether this is the order that left when the week closed (a later one replaces a player's order). */
  sent: boolean;
  at: number;
}

/** Every order of the current play: players', the computer's at each close, the instructor's proposals. */
function orderLines(events: readonly RecordedEvent[], names: Record<string, string>): OrderLine[] {
  const lines: OrderLine[] = [];
  const standing = new Map<string, OrderLine>();
  for (const { recorded, event } of currentPlay(events)) {
    const at = recorded.metadata.serverTime;
    if (event.type === 'OrderPlaced') {
      const d = event.data;
      const line: OrderLine = {
        week: d.week,
        facilityId: d.facilityId,
        capabilityId: d.capabilityId,
        quantity: d.quantity,
        by: 'player',
        who: names[d.userId] ?? null,
        latecomer: null,
        sent: false,
        at,
      };
      lines.push(line);
      standing.set(`${d.facilityId}\u0000${d.capabilityId}`, line);
    } else if (event.type === 'OrderProposed') {
      const d = event.data;
      lines.push({
        week: d.week,
        facilityId: d.facilityId,
        capabilityId: d.capabilityId,
        quantity: d.quantity,
        by: 'proposal',
        who: names[recorded.metadata.actorId] ?? null,
        latecomer: null,
        sent: false,
        at,
      });
    } else if (event.type === 'WeekClosed') {
      // The orders standing at the close are the week's; the computer's fill the capabilities without one.
      for (const line of standing.values()) line.sent = true;
      standing.clear();
      for (const c of event.data.computerOrders)
        lines.push({
          week: event.data.week,
          facilityId: c.facilityId,
          capabilityId: c.capabilityId,
          quantity: c.quantity,
          by: 'computer',
          who: c.policy,
          latecomer: c.latecomer,
          sent: true,
          at,
        });
    }
  }
  return lines;
}

const DECIDED_BY: Record<OrderLine['by'], string> = {
  player: 'workbook.player',
  computer: 'workbook.computer',
  proposal: 'workbook.instructorProposal',
};

function ordersSheet({ state: s, events, names }: BeergameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const configOf = (fid: string) => s.config.facilities.find((f) => f.id === fid);
  return {
    name: t('workbook.sheetOrders'),
    header: [
      t('workbook.week'),
      t('workbook.role'),
      t('workbook.capability'),
      t('workbook.quantity'),
      t('workbook.decidedBy'),
      t('workbook.nameOrRule'),
      t('workbook.latecomer'),
      t('workbook.sentAtClose'),
      t('workbook.time'),
    ],
    rows: orderLines(events, names).map((o) => {
      const config = configOf(o.facilityId);
      return [
        o.week,
        w.facility(o.facilityId),
        config ? w.capability(config, o.capabilityId) : o.capabilityId,
        o.quantity,
        t(DECIDED_BY[o.by]),
        o.who,
        o.latecomer,
        o.sent,
        time(o.at),
      ];
    }),
    frozenColumns: 1,
  };
}

const MESSAGE_FROM: Record<BeerState['messages'][number]['kind'], string> = {
  instructor: 'workbook.instructor',
  scheduled: 'workbook.scheduledMessage',
  backlog: 'workbook.automaticMessage',
  stock: 'workbook.automaticMessage',
};

/** The messages shown so far, in the order they were shown (to a player, those meant for them). */
function messagesSheet({ state: s, viewer }: BeergameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const shown = viewer ? s.messages.filter((m) => meantFor(m, viewer.facilityId)) : s.messages;
  return {
    name: t('workbook.sheetMessages'),
    header: [
      t('workbook.week'),
      t('workbook.time'),
      t('workbook.from'),
      t('workbook.to'),
      t('workbook.text'),
    ],
    rows: shown.map((m) => [
      m.week,
      m.at === null ? null : time(m.at),
      t(MESSAGE_FROM[m.kind]),
      m.to === 'all' ? t('workbook.everyone') : m.to.map((id) => w.facility(id)).join(', '),
      m.text,
    ]),
  };
}

function kpisSheet(s: BeerState, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const kpis = beergameKpis(s);
  const withRevenue = hasRevenue(s);
  const rows: Cell[][] = [
    [t('workbook.teamCost'), money(kpis.teamCost)],
    ...(withRevenue ? [[t('workbook.teamRevenue'), money(kpis.teamRevenue)]] : []),
    [t('workbook.fillRate'), rate(kpis.fillRate)],
    [t('workbook.averageChainStock'), decimal(kpis.averageStock)],
    [t('workbook.weeksWithBackorder'), kpis.weeksWithBackorder],
    [t('workbook.demandVariance'), decimal(kpis.demandVariance)],
    [],
    [
      t('workbook.role'),
      t('workbook.cost'),
      ...(withRevenue ? [t('workbook.revenue')] : []),
      t('workbook.onTimeRate'),
      t('workbook.averageStock'),
      t('workbook.averageBacklog'),
      t('workbook.averageOrder'),
      t('workbook.orderVariance'),
      t('workbook.amplification'),
      t('workbook.weeksWithBacklog'),
    ],
  ];
  const boldRow = rows.length - 1;
  for (const f of kpis.byFacility)
    rows.push([
      w.facility(f.id),
      money(f.cost),
      ...(withRevenue ? [money(f.revenue)] : []),
      rate(f.onTimeRate),
      decimal(f.averageStock),
      decimal(f.averageBacklog),
      decimal(f.averageOrder),
      decimal(f.orderVariance),
      f.amplification === null ? null : decimal(f.amplification),
      f.weeksWithBacklog,
    ]);
  return {
    name: t('workbook.sheetKpis'),
    header: [t('workbook.indicator'), t('workbook.value')],
    rows,
    boldRows: [boldRow],
  };
}

/**
 * The players' answers to the debrief's questions (issue 26), when the game asks any: for its
 * creator, every answer with the expected one and whether it is right by the tolerant rule; for a
 * player (whose record is their history: their own answers only, no expected answer), their answers.
 */
function answersSheet({ state: s, names, viewer }: BeergameRecord, w: Words): Sheet[] {
  const t = (id: string) => w.label(id);
  const { questions } = s.config.configDebrief.questionsSection;
  if (questions.length === 0 || s.answers.length === 0) return [];
  const rows: Cell[][] = s.answers.flatMap((a) => {
    const question = questions.find((q) => q.id === a.questionId);
    if (!question) return [];
    const f = s.facilities.find((x) => x.userId === a.userId);
    const who: Cell[] = [names[a.userId] ?? t('workbook.player'), f ? w.facility(f.id) : null];
    if (viewer) return [[...who, question.text, a.answer]];
    const expected = question.answer;
    return [
      [
        ...who,
        question.text,
        a.answer,
        expected,
        expected === null ? null : answerMatches(expected, a.answer),
      ],
    ];
  });
  return [
    {
      name: t('workbook.sheetAnswers'),
      header: [
        t('workbook.player'),
        t('workbook.role'),
        t('workbook.question'),
        t('workbook.answer'),
        ...(viewer ? [] : [t('workbook.expectedAnswer'), t('workbook.answerRight')]),
      ],
      rows,
    },
  ];
}

/** Excel's rules for a sheet name: at most 31 characters, none of : \ / ? * [ ], unique ignoring case. */
export function uniqueSheetName(wanted: string, taken: Set<string>): string {
  const base =
    wanted
      .replace(/[:\\/?*[\]]/g, ' ')
      .trim()
      .slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

const isFormatted = (cell: Cell): cell is Formatted => typeof cell === 'object' && cell !== null;

/** Characters a cell shows, to size its column. */
function shownLength(cell: Cell): number {
  if (cell === null) return 0;
  if (isFormatted(cell)) return cell.value instanceof Date ? 19 : cell.value.toFixed(2).length + 2;
  return String(cell).length;
}

/** Each column as wide as its longest cell, within reason (a long message wraps in the cell instead). */
function columnWidths(sheet: Sheet): number[] {
  const widths: number[] = [];
  for (const row of [sheet.header, ...sheet.rows])
    row.forEach((cell, c) => {
      widths[c] = Math.max(widths[c] ?? 8, Math.min(shownLength(cell) + 2, 60));
    });
  return widths;
}

/**
 * A streaming workbook writing to `output`. exceljs loads with the first workbook asked for, not
 * with the server: a restarted process serves its class sooner (issue 39).
 */
export async function workbookWriter(output: Writable): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: Excel } = await import('exceljs');
  return new Excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
}

export function writeSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, sheet: Sheet): void {
  const worksheet = book.addWorksheet(sheet.name, {
    views: [{ state: 'frozen', xSplit: sheet.frozenColumns ?? 0, ySplit: 1 }],
  });
  worksheet.columns = columnWidths(sheet).map((width) => ({ width }));
  const header = worksheet.addRow(sheet.header);
  header.font = { bold: true };
  header.commit();
  const boldRows = new Set(sheet.boldRows);
  sheet.rows.forEach((cells, index) => {
    const row = worksheet.addRow(cells.map((cell) => (isFormatted(cell) ? cell.value : cell)));
    cells.forEach((cell, c) => {
      if (isFormatted(cell)) row.getCell(c + 1).numFmt = cell.format;
    });
    if (boldRows.has(index)) row.font = { bold: true };
    row.commit();
  });
  worksheet.commit();
}
