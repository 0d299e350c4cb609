/**
 * The lean game's Excel workbook (issue 23): the round's settings and factory, the customers'
 * orders placed in the round (due minute, delivered, late, defective, on time and in full), every
 * action on the floor, and the debrief's figures for each round played, with each facility's. Every
 * figure is read from the engine (the fold, `leanMetrics`, `leanDebrief`) or the events, never
 * recomputed here, so the workbook says what the debrief and the research export say. Labels are the
 * debrief's own where it has them, in the language asked for.
 */
import type { Writable } from 'node:stream';
import { type RecordedEvent, upcast } from '../../src-shared/eventsourcing';
import {
  checkedAnswer,
  evolveLeanGame,
  facilityOf,
  initialLeanState,
  isEnabled,
  kanbanCapOf,
  type LeanEvent,
  type LeanMetrics,
  type LeanState,
  leanConfigDebriefOf,
  leanDebrief,
  leanMetrics,
  leanOrdersOfRound,
  leanUpcasters,
  MINUTE_MS,
  productIndex,
  round,
} from '../../src-shared/leangame';
import { defaultTemplate } from '../../src-shared/rules/templates';
import type { Messages } from '../messages';
import {
  type Cell,
  decimal,
  money,
  rate,
  type Sheet,
  time,
  uniqueSheetName,
  workbookWriter,
  writeSheet,
} from './workbook';

/** What the workbook shows of one lean game. */
export interface LeangameRecord {
  /** The fold of `events`. */
  state: LeanState;
  /** The game's events as recorded: who acted, and when. */
  events: readonly RecordedEvent[];
  /** Display names by user id; names live in user records, not events. */
  names: Record<string, string>;
  /** The server's time: the figures of a round under way are those of now. */
  now: number;
  /** A player's workbook: only their own answers to the debrief's questions, no expected answer. Absent: the creator's. */
  viewer?: { userId: string };
}

/** The file a download is saved as: the game's name and its round. */
export function leanWorkbookFileName(state: LeanState): string {
  return `${state.name}-round-${state.previousRounds.length + 1}.xlsx`;
}

/** Every user the workbook names: the creator and whoever took a facility. */
export function leanUserIdsIn(record: Pick<LeangameRecord, 'state' | 'events'>): string[] {
  const ids = new Set([record.state.creatorId]);
  for (const e of record.events)
    if (e.type === 'PlayerJoined') ids.add((e.data as { userId: string }).userId);
  return [...ids];
}

export async function writeLeangameWorkbook(
  output: Writable,
  record: LeangameRecord,
  messages: Messages,
): Promise<void> {
  const book = await workbookWriter(output);
  const words = new Words(record.state, messages);
  const sheets = [
    settingsSheet(record, words),
    ordersSheet(record, words),
    actionsSheet(record, words),
    figuresSheet(record, words),
    ...answersSheet(record, words),
  ];
  const taken = new Set<string>();
  for (const sheet of sheets) {
    sheet.name = uniqueSheetName(sheet.name, taken);
    writeSheet(book, sheet);
  }
  await book.commit();
}

/** The labels of one workbook, and the names of its facilities, products, tools and players. */
class Words {
  constructor(
    private readonly state: LeanState,
    private readonly messages: Messages,
  ) {}

  label(id: string, values: Record<string, string | number> = {}): string {
    const text = this.messages[id] ?? id;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  }

  facility(id: string): string {
    return this.state.facilities.find((f) => f.id === id)?.name ?? id;
  }

  product(templateId: string): string {
    return this.state.setup?.params.productsTemplates.find((t) => t.id === templateId)?.name ?? templateId;
  }

  /** A tool (`shape:colour`) as the debrief names it: "yellow circle". */
  tool(tool: string): string {
    const [shape, colour] = tool.split(':');
    return this.label('lean.debrief.tool', {
      shape: this.label(`lean.debrief.shape.${shape}`),
      colour: this.label(`lean.debrief.colour.${colour}`),
    });
  }
}

/** Minutes from the round's start, to the hundredth. */
const minuteOf = (state: LeanState, at: number) => round((at - (state.startAt ?? at)) / MINUTE_MS, 2);

function settingsSheet({ state, names, now }: LeangameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const params = state.setup!.params;
  const template = state.scenarioId === null ? undefined : defaultTemplate(state.scenarioId);
  const improvements = state.improvements.map((i) => t(`lean.improvement.${i}`)).join(', ');
  const rows: Cell[][] = [
    [t('workbook.game'), state.name],
    [t('workbook.template'), template ? t(template.titleId) : state.scenarioId],
    [t('workbook.createdAt'), time(state.createdAt)],
    [t('templates.roundMinutes'), params.consumerDemandParams.totalDuration],
    [t('workbook.roundNumber'), state.previousRounds.length + 1],
    [t('workbook.startedAt'), state.startAt === null ? null : time(state.startAt)],
    [t('workbook.roundEndedAt'), state.endAt === null ? null : time(state.endAt)],
    [t('workbook.minutesPlayed'), state.startAt === null ? null : decimal(leanMetrics(state, now).minutes)],
    [t('workbook.customerLeadTime'), params.customerLeadTime],
    [t('workbook.moveCellTime'), params.moveCellTime],
    [t('workbook.batchSize'), state.batchSize],
    [t('lean.kanbanCap'), isEnabled(state, 'kanban') ? kanbanCapOf(state) : null],
    [t('lean.improvementsTitle'), improvements || t('lean.debrief.improvements.none')],
    [t('workbook.ordersVisible'), params.consumerDemandParams.visibility],
    [t('workbook.leanTransparent'), params.transparent],
    [t('workbook.seed'), state.seed],
  ];
  const boldRows: number[] = [];
  const table = (header: string[], body: Cell[][]) => {
    rows.push([]);
    boldRows.push(rows.length);
    rows.push(header, ...body);
  };
  table(
    [
      t('lean.debrief.facility'),
      t('workbook.facilityType'),
      t('workbook.cell'),
      t('lean.tools'),
      t('workbook.playedBy'),
    ],
    state.facilities.map((f) => [
      f.name,
      t(`lean.facilityType.${f.type}`),
      `${f.position.row + 1}, ${f.position.column + 1}`,
      f.tools.map((tool) => w.tool(tool)).join(', ') || null,
      f.user === null ? t('workbook.computer') : (names[f.user] ?? f.playerName ?? t('workbook.player')),
    ]),
  );
  table(
    [
      t('workbook.product'),
      t('lean.debrief.individual.operations'),
      t('workbook.leanPrice'),
      t('workbook.materialCost'),
      t('workbook.startStock'),
    ],
    params.productsTemplates.map((p) => [
      p.name,
      p.operations.map((op) => w.tool(`${op.shape}:${op.colour}`)).join(', '),
      money(p.price),
      money(p.materialCost),
      params.initialStock[p.id] ?? 0,
    ]),
  );
  return {
    name: t('workbook.sheetParameters'),
    header: [t('workbook.parameter'), t('workbook.value')],
    rows,
    boldRows,
  };
}

/** The orders placed in the round (every order of a round not started yet), and whether each fell due in it. */
function ordersSheet({ state, now }: LeangameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const { due, dueLater } = leanOrdersOfRound(state, now);
  const listed =
    state.startAt === null
      ? state.demand
      : state.demand.filter((d) => due.includes(d) || dueLater.includes(d));
  return {
    name: t('lean.demandTitle'),
    header: [
      t('workbook.order'),
      t('workbook.placedMinute'),
      t('workbook.dueMinute'),
      t('workbook.product'),
      t('lean.debrief.deliveries.qty'),
      t('workbook.unitsStarted'),
      t('lean.debrief.deliveries.delivered'),
      t('lean.debrief.deliveries.deliveredAt'),
      t('lean.debrief.deliveries.lateUnits'),
      t('lean.debrief.deliveries.defective'),
      t('lean.debrief.deliveries.otif'),
      t('workbook.dueInRound'),
    ],
    rows: listed.map((d) => [
      d.id,
      d.created_min,
      d.due_min,
      w.product(d.template_id),
      d.qty,
      d.prod_started_qty,
      d.fulfilled_qty,
      d.fulfilled_at === null ? null : minuteOf(state, d.fulfilled_at),
      d.lateProducts,
      d.defectProducts,
      d.otifProducts,
      due.includes(d),
    ]),
    frozenColumns: 1,
  };
}

/**
 * The events of the round the state shows (a reset starts the floor again), each with who held its
 * facility then: an action of a facility nobody held is the computer's, whichever command recorded it.
 */
function currentRound(events: readonly RecordedEvent[]): Array<{ event: LeanEvent; by: string | null }> {
  let state = initialLeanState;
  let round: Array<{ event: LeanEvent; by: string | null }> = [];
  for (const recorded of events) {
    const event = upcast(leanUpcasters, recorded) as LeanEvent;
    if (event.type === 'LeanGameReset') round = [];
    const { facilityId } = event.data as { facilityId?: string };
    round.push({
      event,
      by: facilityId === undefined ? null : (facilityOf(state, facilityId)?.user ?? null),
    });
    state = evolveLeanGame(state, event);
  }
  return round;
}

/** What a floor event names besides its facility: units, product, order, tool, defects, destination. */
function actionCells(state: LeanState, event: LeanEvent, w: Words): Cell[] | null {
  const productOf = (id: string) => w.product(state.products[productIndex(id)]?.templateId ?? '');
  const cells = (
    units: string[],
    extra: { order?: string | null; tool?: string; defects?: number; to?: string },
  ) => [
    units.length === 0 ? null : units.join(', '),
    units.length === 1 ? productOf(units[0]!) : null,
    extra.order ?? null,
    extra.tool ?? null,
    extra.defects ?? null,
    extra.to === undefined ? null : w.facility(extra.to),
  ];
  switch (event.type) {
    case 'SheetReleased':
      return cells([event.data.productId], { order: event.data.demandId });
    case 'BatchSent':
      return cells(event.data.productIds, { to: event.data.to });
    case 'BatchPickedUp':
      return cells(event.data.productIds, {});
    case 'ToolChanged':
      return cells([], { tool: w.tool(event.data.tool) });
    case 'OperationPerformed': {
      const { shape, colour } = event.data.painted;
      return cells([event.data.productId], {
        tool: w.tool(`${shape}:${colour}`),
        defects: event.data.defective ? 1 : 0,
      });
    }
    case 'SheetInspected':
      return cells([event.data.productId], { defects: event.data.spotted.length });
    case 'DefectRemoved':
      return cells([event.data.productId], {});
    case 'ProductDelivered':
      return cells([event.data.productId], { order: event.data.demandId });
    default:
      return null;
  }
}

/** Every action on the floor in this round, in the order recorded, with who did it (a player or the computer). */
function actionsSheet({ state, events, names }: LeangameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const rows: Cell[][] = [];
  for (const { event, by } of currentRound(events)) {
    const cells = actionCells(state, event, w);
    if (!cells) continue;
    const data = event.data as { at: number; start?: number; facilityId: string };
    rows.push([
      minuteOf(state, data.at),
      time(data.at),
      w.facility(data.facilityId),
      t(`workbook.leanAction.${event.type}`),
      ...cells,
      data.start === undefined ? null : decimal(round((data.at - data.start) / MINUTE_MS, 3)),
      by === null ? t('workbook.computer') : (names[by] ?? t('workbook.player')),
    ]);
  }
  return {
    name: t('workbook.sheetActions'),
    header: [
      t('lean.debrief.deliveries.minute'),
      t('workbook.time'),
      t('lean.debrief.facility'),
      t('workbook.action'),
      t('lean.debrief.chart.units'),
      t('workbook.product'),
      t('workbook.order'),
      t('workbook.operation'),
      t('lean.debrief.individual.defects'),
      t('workbook.to'),
      t('workbook.durationMinutes'),
      t('workbook.playedBy'),
    ],
    rows,
    frozenColumns: 1,
  };
}

type Unit = 'minutes' | 'units' | 'perMinute' | 'minutesPerUnit' | null;
type Format = 'plain' | 'decimal' | 'rate' | 'money';

/** The debrief's figures, each with its label, unit and format. */
const FIGURES: Array<{ label: string; unit: Unit; format: Format; of: (m: LeanMetrics) => number }> = [
  { label: 'workbook.minutesPlayed', unit: 'minutes', format: 'decimal', of: (m) => m.minutes },
  { label: 'lean.debrief.replay.released', unit: 'units', format: 'plain', of: (m) => m.released },
  { label: 'lean.debrief.metric.deliveries', unit: 'units', format: 'plain', of: (m) => m.deliveries },
  { label: 'workbook.unitsDue', unit: 'units', format: 'plain', of: (m) => m.demandDue },
  { label: 'lean.debrief.metric.otif', unit: null, format: 'rate', of: (m) => m.otif },
  { label: 'lean.debrief.metric.leadTime', unit: 'minutes', format: 'decimal', of: (m) => m.leadTime.mean },
  { label: 'lean.debrief.deliveries.p90', unit: 'minutes', format: 'decimal', of: (m) => m.leadTime.p90 },
  { label: 'lean.debrief.metric.flowTime', unit: 'minutes', format: 'decimal', of: (m) => m.flowTime.mean },
  { label: 'lean.debrief.wip.mean', unit: 'units', format: 'decimal', of: (m) => m.wip.mean },
  { label: 'lean.debrief.wip.max', unit: 'units', format: 'plain', of: (m) => m.wip.max },
  { label: 'lean.debrief.metric.throughput', unit: 'perMinute', format: 'decimal', of: (m) => m.throughput },
  { label: 'lean.debrief.metric.flowEfficiency', unit: null, format: 'rate', of: (m) => m.flowEfficiency },
  {
    label: 'lean.debrief.flow.valueAdded',
    unit: 'minutesPerUnit',
    format: 'decimal',
    of: (m) => m.valueAddedMinutes,
  },
  ...(['workdeskTime', 'changeoverTime', 'loadTime', 'moveTime', 'waitTime'] as const).map((category) => ({
    label: `lean.debrief.category.${category}`,
    unit: 'minutesPerUnit' as const,
    format: 'decimal' as const,
    of: (m: LeanMetrics) => m.timeByCategory[category],
  })),
  { label: 'lean.debrief.metric.lineBalance', unit: null, format: 'rate', of: (m) => m.lineBalance },
  { label: 'lean.debrief.metric.firstPassYield', unit: null, format: 'rate', of: (m) => m.firstPassYield },
  { label: 'lean.debrief.quality.defects', unit: null, format: 'plain', of: (m) => m.defects },
  {
    label: 'lean.debrief.quality.defectProducts',
    unit: 'units',
    format: 'plain',
    of: (m) => m.defectProducts,
  },
  { label: 'lean.debrief.deliveries.late', unit: 'units', format: 'plain', of: (m) => m.lateProducts },
  { label: 'workbook.changeovers', unit: null, format: 'plain', of: (m) => m.changeovers },
  ...(['revenue', 'materials', 'labour', 'wipHolding', 'defects', 'lateness', 'profit'] as const).map(
    (line) => ({
      label: `lean.debrief.pnl.${line}`,
      unit: null,
      format: 'money' as const,
      of: (m: LeanMetrics) => m.pnlDetail[line],
    }),
  ),
];

const UNIT_LABELS: Record<Exclude<Unit, null>, string> = {
  minutes: 'lean.debrief.chart.minutes',
  units: 'lean.debrief.chart.units',
  perMinute: 'workbook.unitsPerMinute',
  minutesPerUnit: 'lean.debrief.chart.minutesPerUnit',
};

const formatted = (format: Format, value: number): Cell =>
  format === 'rate'
    ? rate(value)
    : format === 'money'
      ? money(value)
      : format === 'decimal'
        ? decimal(value)
        : value;

/** Each round's figures side by side (the rounds before the last reset, then this one), and this round's facilities. */
function figuresSheet({ state, names, now }: LeangameRecord, w: Words): Sheet {
  const t = (id: string) => w.label(id);
  const improvements = (list: readonly string[]) =>
    list.map((i) => t(`lean.improvement.${i}`)).join(', ') || t('lean.debrief.improvements.none');
  const rounds = [
    ...state.previousRounds,
    ...(state.startAt === null
      ? []
      : [{ improvements: state.improvements, batchSize: state.batchSize, metrics: leanMetrics(state, now) }]),
  ];
  const rows: Cell[][] = [
    [t('lean.improvementsTitle'), null, ...rounds.map((r) => improvements(r.improvements))],
    [t('workbook.batchSize'), null, ...rounds.map((r) => r.batchSize)],
    ...FIGURES.map(({ label, unit, format, of }) => [
      t(label),
      unit === null ? null : t(UNIT_LABELS[unit]),
      ...rounds.map((r) => formatted(format, of(r.metrics))),
    ]),
  ];
  const boldRows: number[] = [];
  if (state.startAt !== null) {
    rows.push([]);
    boldRows.push(rows.length);
    rows.push([
      t('lean.debrief.facility'),
      t('lean.debrief.player'),
      t('lean.debrief.individual.actions'),
      t('lean.debrief.individual.operations'),
      t('lean.debrief.individual.defects'),
      t('lean.debrief.chart.busyMinutes'),
      t('lean.debrief.individual.efficiency'),
    ]);
    for (const f of leanDebrief(state, now).individualPerformance) {
      const user = state.facilities.find((x) => x.id === f.id)?.user ?? null;
      rows.push([
        f.name,
        user === null ? t('workbook.computer') : (names[user] ?? f.playerName ?? t('workbook.player')),
        f.actions,
        f.operations,
        f.defects,
        decimal(f.busyMinutes),
        rate(f.resourceEfficiency),
      ]);
    }
  }
  return {
    name: t('workbook.sheetKpis'),
    header: [
      t('workbook.indicator'),
      t('workbook.unit'),
      ...rounds.map((_, i) => w.label('lean.debrief.reference.previous', { round: i + 1 })),
    ],
    rows,
    boldRows,
    frozenColumns: 1,
  };
}

/**
 * The players' answers to the debrief's questions (issue 26), when the game asks any: for its
 * creator, every answer with the expected one and whether it is right by the tolerant rule; for a
 * player, their own answers only.
 */
function answersSheet({ state, names, viewer }: LeangameRecord, w: Words): Sheet[] {
  const t = (id: string) => w.label(id);
  const config = leanConfigDebriefOf(state);
  const { questions } = config.questionsSection;
  const answers = state.answers.filter((a) => !viewer || a.userId === viewer.userId);
  if (questions.length === 0 || answers.length === 0) return [];
  const rows: Cell[][] = answers.flatMap((a) => {
    const question = questions.find((q) => q.id === a.questionId);
    if (!question) return [];
    const who: Cell[] = [names[a.userId] ?? t('workbook.player'), w.facility(a.facilityId)];
    if (viewer) return [[...who, question.text, a.answer]];
    return [
      [...who, question.text, a.answer, question.answer, checkedAnswer(config, a.questionId, a.answer)],
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
