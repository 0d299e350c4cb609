/**
 * The default session templates (spec point 9: 14 of them): each named by messages of all 11
 * locale files, each making a setup the session schema accepts, whose beer rounds resolve.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src-shared/beergame';
import { getLeanScenario } from '../../../src-shared/leangame/templates';
import { LOCALES } from '../../../src-shared/rules/locale';
import { SESSION_TEMPLATE_COUNT } from '../../../src-shared/session/constants';
import { leanRoundSetup } from '../../../src-shared/session/lean-round';
import { sessionSetupSchema } from '../../../src-shared/session/schemas';
import {
  SESSION_TEMPLATES,
  type SessionTemplate,
  sessionSetupFromTemplate,
  sessionTemplate,
} from '../../../src-shared/session/templates';

const read = (code: string) =>
  JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, string>;
const locales = Object.fromEntries(LOCALES.map((code) => [code, read(code)]));
const lookup = (code: string) => (id: string) => locales[code]![id] ?? id;

const messageIds = (template: SessionTemplate) => [
  template.titleId,
  template.descriptionId,
  ...template.rounds.flatMap((round) => [
    round.nameId,
    round.descriptionId,
    ...(round.messages ?? []).map((m) => m.messageId),
  ]),
];

const byId = (id: string) => {
  const template = sessionTemplate(id);
  if (!template) throw new Error(`no session template ${id}`);
  return template;
};
const setup = (id: string) => sessionSetupSchema.parse(sessionSetupFromTemplate(byId(id), lookup('en'), id));

describe('the default session templates', () => {
  it('are 14, with unique ids named after their messages', () => {
    expect(SESSION_TEMPLATES).toHaveLength(SESSION_TEMPLATE_COUNT);
    const ids = SESSION_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of SESSION_TEMPLATES) {
      expect(template.titleId).toBe(`sessionTemplate.${template.id}`);
      expect(template.descriptionId).toBe(`sessionTemplate.${template.id}Description`);
      expect(sessionTemplate(template.id)).toBe(template);
    }
    expect(sessionTemplate('nope')).toBeUndefined();
  });

  it.each(LOCALES)('have every message in %s, none empty, none an English copy', (code) => {
    const messages = locales[code]!;
    const ids = [...new Set(SESSION_TEMPLATES.flatMap(messageIds))];
    expect(ids.filter((id) => !messages[id]?.trim())).toEqual([]);
    if (code !== 'en') expect(ids.filter((id) => messages[id] === locales.en![id])).toEqual([]);
  });

  describe.each(SESSION_TEMPLATES.map((t) => [t.id, t] as const))('%s', (_id, template) => {
    it.each(LOCALES)('makes a valid setup in %s', (code) => {
      const parsed = sessionSetupSchema.parse(sessionSetupFromTemplate(template, lookup(code), 'Class'));
      expect(parsed.rounds).toHaveLength(template.rounds.length);
      expect(parsed.teamCount).toBe(template.teamCount);
    });

    it('has beer rounds that resolve and lean rounds that name a lean scenario', () => {
      const { rounds } = sessionSetupFromTemplate(template, lookup('en'), 'Class');
      for (const round of rounds) {
        expect(round.gameType).toBe(template.type);
        if (round.gameType === 'beergame') expect(() => resolveConfig(round.config)).not.toThrow();
        else {
          expect(getLeanScenario(String(round.config.scenario))).toBeDefined();
          // A factory a session's lean round accepts: the plan can be played.
          expect(leanRoundSetup(round.config).ok).toBe(true);
        }
      }
    });
  });

  it('include the two lean plans, every round of them a lean round', () => {
    const lean = SESSION_TEMPLATES.filter((t) => t.type === 'leangame');
    expect(lean).toHaveLength(2);
    for (const template of lean) expect(template.rounds.every((r) => r.gameType === 'leangame')).toBe(true);
  });
});

describe('a setup from a template', () => {
  const t = (id: string) => `<${id}>`;

  it('numbers the rounds r1..rn, names them with t and keeps the given name', () => {
    const template = byId('chainLength');
    const made = sessionSetupFromTemplate(template, t, 'Monday class');
    expect(made.name).toBe('Monday class');
    expect(made.rounds.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(made.rounds.map((r) => r.name)).toEqual(template.rounds.map((r) => `<${r.nameId}>`));
    expect(made.rounds.map((r) => r.description)).toEqual(template.rounds.map((r) => `<${r.descriptionId}>`));
  });

  it('lays the overrides over the game template and translates the scheduled messages', () => {
    const [pressure, relaxed] = sessionSetupFromTemplate(byId('pressureThenRelaxed'), t, 'x').rounds;
    expect(pressure!.config).toMatchObject({ weeks: 20, playTimer: true, timer: 20 });
    expect(relaxed!.config).toMatchObject({ weeks: 20, playTimer: false });
    const [silent] = sessionSetupFromTemplate(byId('silentThenTalking'), t, 'x').rounds;
    expect(resolveConfig(silent!.config).configMessages.scheduleList).toEqual([
      { week: 1, to: 'all', message: '<sessionTemplate.message.silent>' },
    ]);
  });

  it('gives lean rounds their scenario', () => {
    const rounds = sessionSetupFromTemplate(byId('leanBeforeAfter'), t, 'x').rounds;
    expect(rounds.map((r) => r.config)).toEqual([
      { scenario: 'factory7-choose' },
      { scenario: 'factory7-lean' },
    ]);
  });
});

describe('what each plan changes between its rounds is in the configurations', () => {
  const resolved = (id: string) => setup(id).rounds.map((round) => resolveConfig(round.config));

  it('information: blind then transparent; supply line hidden then in sight', () => {
    expect(resolved('blindThenTransparent').map((c) => c.transparent)).toEqual([false, true]);
    const [hidden, seen] = resolved('demandStepThenVisibility');
    // The whole supply line: the order on its way to the supplier, then the goods on their way back.
    const visible = (c: ReturnType<typeof resolveConfig>) =>
      c.facilities.every((f) =>
        Object.values(f.capabilities).every((cap) => cap.visibleWeeks >= cap.ordertime + cap.leadtime),
      );
    expect([visible(hidden!), visible(seen!)]).toEqual([false, true]);
  });

  it('network: chains of 2, 4 and 8; a shortage split in proportion, then by hand', () => {
    expect(resolved('chainLength').map((c) => c.facilities.length)).toEqual([2, 4, 8]);
    expect(resolved('rationing').map((c) => c.manualAllocation)).toEqual([false, true]);
  });

  it('a tournament deals players to new teams for three classic rounds', () => {
    const template = byId('shuffledTournament');
    expect(template.config?.teamComposition).toBe('shuffle');
    expect(resolved('shuffledTournament').map((c) => c.weeks)).toEqual([36, 36, 36]);
  });
});
