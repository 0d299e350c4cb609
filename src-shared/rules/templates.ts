/**
 * The default game templates (spec point 9: 13 of them): the beer game's built-in configurations
 * and the lean game's built-in factories, each named by message ids the client translates. And the
 * naming of a template's copy.
 */
import { BEERGAME_TEMPLATES, type BeerConfigInput, type BeerTemplateId } from '../beergame';
import { getLeanScenario } from '../leangame/templates';

export type GameType = 'beergame' | 'leangame';

export interface DefaultTemplate {
  id: string;
  type: GameType;
  titleId: string;
  descriptionId: string;
  /** Whether a game can be created from it here. */
  available: boolean;
  /** Weeks (beer game) or minutes of a round (lean game), and the facilities, for the list. */
  length: number;
  facilities: number;
  /** The beer game's configuration input; null for a lean factory. */
  config: (() => BeerConfigInput) | null;
}

const facilityCount = (config: BeerConfigInput): number =>
  Array.isArray(config.facilities) ? config.facilities.length : Object.keys(config.facilities).length;

function beerTemplate(id: BeerTemplateId): DefaultTemplate {
  const config = BEERGAME_TEMPLATES[id];
  const input = config();
  return {
    id,
    type: 'beergame',
    titleId: `template.${id}`,
    descriptionId: `template.${id}Description`,
    available: true,
    length: input.weeks ?? 36,
    facilities: facilityCount(input),
    config,
  };
}

/** Three of the lean game's factories: the workshop and the factory as found, and the lean factory. */
const LEAN_DEFAULTS = [
  { scenario: 'workshop4-choose', key: 'leanWorkshop' },
  { scenario: 'factory7-choose', key: 'leanFactory' },
  { scenario: 'factory7-lean', key: 'leanFactoryLean' },
] as const;

function leanTemplate({ scenario, key }: (typeof LEAN_DEFAULTS)[number]): DefaultTemplate {
  const found = getLeanScenario(scenario);
  if (!found) throw new Error(`no lean scenario ${scenario}`);
  return {
    id: scenario,
    type: 'leangame',
    titleId: `template.${key}`,
    descriptionId: `template.${key}Description`,
    available: true,
    length: found.setup.params.consumerDemandParams.totalDuration,
    facilities: found.stations,
    config: null,
  };
}

export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  ...(Object.keys(BEERGAME_TEMPLATES) as BeerTemplateId[]).map(beerTemplate),
  ...LEAN_DEFAULTS.map(leanTemplate),
];

export const defaultTemplate = (id: string): DefaultTemplate | undefined =>
  DEFAULT_TEMPLATES.find((t) => t.id === id);
