/**
 * The default templates (spec point 9): 13 of them, each named by messages of locales/en.json;
 * every beer template resolves and plays its whole length with computer players, conserving units.
 */
import { describe, expect, it } from 'vitest';
import english from '../../../locales/en.json';
import {
  BEERGAME_TEMPLATE_IDS,
  BEERGAME_TEMPLATES,
  resolveConfig,
  runSimulation,
} from '../../../src-shared/beergame';
import { DEFAULT_TEMPLATES } from '../../../src-shared/rules/templates';
import { expectConservation } from './conservation';

const POLICIES = ['passthrough', 'sterman:0.36,0.26,0.34,17', 'basestock:30'];

describe.each(BEERGAME_TEMPLATE_IDS)('the beer template %s', (id) => {
  it('resolves', () => {
    const config = resolveConfig(BEERGAME_TEMPLATES[id]());
    expect(config.facilities.length).toBeGreaterThanOrEqual(2);
    expect(config.facilities.length).toBeLessThanOrEqual(8);
  });

  it.each(POLICIES)('plays its whole length with computer players (%s), conserving units', (policy) => {
    const { state, events } = runSimulation({ template: id, policies: [policy], seed: 11 });
    expect(state.finished).toBe(true);
    expect(state.week).toBe(resolveConfig(BEERGAME_TEMPLATES[id]()).weeks);
    expect(events[0]).toMatchObject({ type: 'GameCreated', data: { template: id } });
    expectConservation(events);
  });
});

describe('what each template teaches is in its configuration', () => {
  const resolved = (id: (typeof BEERGAME_TEMPLATE_IDS)[number]) => resolveConfig(BEERGAME_TEMPLATES[id]());
  const capabilities = (id: (typeof BEERGAME_TEMPLATE_IDS)[number]) =>
    resolved(id).facilities.flatMap((f) => Object.values(f.capabilities));
  const products = (id: (typeof BEERGAME_TEMPLATE_IDS)[number]) =>
    resolved(id).facilities.flatMap((f) => Object.values(f.pdata));

  it('short, transparent, two and eight stages', () => {
    expect(resolved('short').weeks).toBe(20);
    expect(resolved('transparent').transparent).toBe(true);
    expect(resolved('classic').transparent).toBe(false);
    expect(resolved('twoStages').facilities).toHaveLength(2);
    expect(resolved('eightStages').facilities).toHaveLength(8);
  });

  it('visibility: every player sees the whole shipping delay ahead', () => {
    for (const cap of capabilities('visibility'))
      expect(cap.visibleWeeks).toBeGreaterThanOrEqual(cap.leadtime);
  });

  it('several clients: a supplier serves two, and its player splits a shortage', () => {
    const config = resolved('severalClients');
    expect(config.manualAllocation).toBe(true);
    expect(config.facilities.some((f) => f.clients.length >= 2)).toBe(true);
  });

  it('several products: made from components by a bill of materials', () => {
    const config = resolved('severalProducts');
    expect(config.productsTemplates.length).toBeGreaterThanOrEqual(2);
    const bom = capabilities('severalProducts').filter(
      (c) =>
        c.type === 'production' &&
        c.from !== null &&
        typeof c.from === 'object' &&
        Object.keys(c.from).length > 0,
    );
    expect(bom.length).toBeGreaterThanOrEqual(2);
  });

  it('lead-time variability, and lost sales with prices', () => {
    expect(capabilities('leadtimeVariability').every((c) => c.leadtimeVariability > 0)).toBe(true);
    expect(
      products('lostSales').every((p) => !p.allowBacklog && p.unitPrice > 0 && p.missedSaleCost > 0),
    ).toBe(true);
  });

  it('lost sales earn revenue', () => {
    const { state } = runSimulation({ template: 'lostSales', policies: ['passthrough'] });
    expect(state.facilities.every((f) => f.revenue > 0)).toBe(true);
  });
});

describe('the catalogue of default templates', () => {
  it('has 13 templates with unique ids: the 10 beer ones and 3 lean factories, all available', () => {
    expect(DEFAULT_TEMPLATES).toHaveLength(13);
    expect(new Set(DEFAULT_TEMPLATES.map((t) => t.id)).size).toBe(13);
    const beer = DEFAULT_TEMPLATES.filter((t) => t.type === 'beergame');
    expect(beer.map((t) => t.id)).toEqual(BEERGAME_TEMPLATE_IDS);
    expect(beer.every((t) => t.available && t.config !== null)).toBe(true);
    const lean = DEFAULT_TEMPLATES.filter((t) => t.type === 'leangame');
    expect(lean).toHaveLength(3);
    expect(lean.every((t) => t.available && t.config === null)).toBe(true);
  });

  it('names every template by messages of locales/en.json', () => {
    const messages = english as Record<string, string>;
    for (const t of DEFAULT_TEMPLATES) {
      expect(messages[t.titleId], t.titleId).toBeTruthy();
      expect(messages[t.descriptionId], t.descriptionId).toBeTruthy();
    }
  });
});
