/**
 * Game templates: the default ones (src-shared/rules/templates.ts) and each instructor's own, which
 * they create, change, copy and delete. A teammate's template is listed apart (spec point 6) and
 * can make a game or a copy; another instructor's template is not found.
 */
import {
  copyTemplateInput,
  createTemplateInput,
  templateIdInput,
  updateTemplateInput,
} from '../../../src-shared/api/template';
import type { BeerTemplateId } from '../../../src-shared/beergame';
import {
  type LeanTemplateConfig,
  leanTemplateMinutes,
  readLeanTemplateConfig,
} from '../../../src-shared/leangame';
import { DEFAULT_TEMPLATES, defaultTemplate } from '../../../src-shared/rules/templates';
import { teammatesOf } from '../../read-models/teams';
import {
  deleteTemplate,
  insertTemplate,
  type OwnTemplate,
  ownTemplate,
  templatesByCreator,
  templatesOfTeammates,
  updateTemplate,
  usableTemplate,
} from '../../read-models/templates';
import { checkedBeerConfig, isCleanDeep } from '../../streams/beer-config';
import type { Context } from '../context';
import { instructorProcedure, rateLimit } from '../procedures';
import { appError, router } from '../trpc';

/**
 * A lean template as stored: its factory and set-up, once the lean schemas accepted them. A refusal
 * names the engine's reason, translated around it.
 */
export function checkedLeanConfig(input: Record<string, unknown>): LeanTemplateConfig {
  const read = readLeanTemplateConfig(input);
  if (!read.ok)
    throw appError('BAD_REQUEST', 'leangame.errInvalidSetup', { reason: read.reason.slice(0, 300) });
  if (!isCleanDeep(read.config)) throw appError('BAD_REQUEST', 'errors.textInvalid');
  return read.config;
}

/** Each game type's check of a template's configuration before it is stored. */
const TEMPLATE_CHECKS: Record<string, (config: Record<string, unknown>) => Record<string, unknown>> = {
  beergame: checkedBeerConfig,
  leangame: checkedLeanConfig,
};

/** A template configuration of game type `type`, checked by its engine's schemas; another type is refused. */
export function checkedTemplateConfig(
  type: string,
  config: Record<string, unknown>,
): Record<string, unknown> {
  const check = TEMPLATE_CHECKS[type];
  if (!check) throw appError('BAD_REQUEST', 'templates.errTypeUnavailable');
  return check(config);
}

async function ownOrRefuse(
  ctx: Context & { user: { id: string } },
  templateId: string,
): Promise<OwnTemplate> {
  const found = await ownTemplate(ctx.services.database.db, ctx.user.id, templateId);
  if (!found) throw appError('NOT_FOUND', 'templates.errNotFound');
  return found;
}

/** The caller's own template or a teammate's, to make a game or a copy from; another's is not found. */
async function usableOrRefuse(
  ctx: Context & { user: { id: string } },
  templateId: string,
): Promise<OwnTemplate> {
  const found = await usableTemplate(ctx.services.database.db, ctx.user.id, templateId);
  if (!found) throw appError('NOT_FOUND', 'templates.errNotFound');
  return found;
}

/**
 * What a new game is made from: a default beer template (recorded by its id in `GameCreated`), or
 * the configuration of one of the caller's own templates or a teammate's.
 */
export async function gameSource(
  ctx: Context & { user: { id: string } },
  templateId: string,
): Promise<{ template: BeerTemplateId } | { config: Record<string, unknown> }> {
  const preset = defaultTemplate(templateId);
  if (preset?.type === 'beergame') return { template: preset.id as BeerTemplateId };
  if (preset) throw appError('BAD_REQUEST', 'templates.errTypeUnavailable');
  const own = await usableOrRefuse(ctx, templateId);
  if (own.type !== 'beergame') throw appError('BAD_REQUEST', 'templates.errTypeUnavailable');
  return { config: own.config };
}

/**
 * What a lean game is made from: a built-in factory (its set-up for the round's length), or one of
 * the caller's own lean templates or a teammate's (its factory and set-up, checked again by the lean
 * schemas).
 */
export async function leanGameSource(
  ctx: Context & { user: { id: string } },
  templateId: string,
): Promise<{ scenarioId: string; config: LeanTemplateConfig | null }> {
  const preset = defaultTemplate(templateId);
  if (preset) {
    if (preset.type !== 'leangame') throw appError('NOT_FOUND', 'templates.errNotFound');
    return { scenarioId: preset.id, config: null };
  }
  const own = await usableOrRefuse(ctx, templateId);
  if (own.type !== 'leangame') throw appError('NOT_FOUND', 'templates.errNotFound');
  const config = checkedLeanConfig(own.config);
  return { scenarioId: config.scenario, config };
}

const facilityCount = (config: Record<string, unknown>): number => {
  const facilities = config.facilities;
  return Array.isArray(facilities) ? facilities.length : Object.keys(facilities ?? {}).length;
};

/** What the templates tab shows of an own template's size: weeks or minutes, and facilities. */
function templateSize(type: string, config: Record<string, unknown>): { length: number; facilities: number } {
  if (type === 'leangame') {
    const read = readLeanTemplateConfig(config);
    if (!read.ok) return { length: 0, facilities: 0 };
    return { length: leanTemplateMinutes(read.config), facilities: read.config.setup.facilities.length };
  }
  return { length: typeof config.weeks === 'number' ? config.weeks : 36, facilities: facilityCount(config) };
}

export const templateRouter = router({
  /** The default templates (named by message ids) and the caller's own, newest first. */
  list: instructorProcedure.query(async ({ ctx }) => {
    const own = await templatesByCreator(ctx.services.database.db, ctx.user.id);
    return {
      defaults: DEFAULT_TEMPLATES.map(({ config: _config, ...summary }) => summary),
      own: own.map(({ config, ...template }) => ({ ...template, ...templateSize(template.type, config) })),
    };
  }),

  /**
   * The game templates of the caller's teammates (spec point 6), newest first, read-only: each with
   * its creator's name (null: the client shows 'Teammate'). Empty without a team.
   */
  teamTemplates: instructorProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services.database;
    const templates = await templatesOfTeammates(db, await teammatesOf(db, ctx.user.id));
    return templates.map(({ config, ...template }) => ({
      ...template,
      ...templateSize(template.type, config),
    }));
  }),

  /** One of the caller's templates with its configuration, for the settings form. */
  get: instructorProcedure.input(templateIdInput).query(async ({ ctx, input }) => {
    const { id, type, title, config } = await ownOrRefuse(ctx, input.templateId);
    return { id, type, title, config };
  }),

  create: instructorProcedure.input(createTemplateInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `templates:${ctx.user.id}`, ctx.services.limits.gameCreations);
    const templateId = await insertTemplate(
      ctx.services.database.db,
      {
        creatorId: ctx.user.id,
        type: input.type,
        title: input.title,
        description: input.description,
        config: checkedBeerConfig(input.config),
      },
      new Date(ctx.services.now()),
    );
    return { templateId };
  }),

  update: instructorProcedure.input(updateTemplateInput).mutation(async ({ ctx, input }) => {
    // A new configuration is checked by its template's game type.
    const config =
      input.config === undefined
        ? undefined
        : checkedTemplateConfig((await ownOrRefuse(ctx, input.templateId)).type, input.config);
    const changed = await updateTemplate(
      ctx.services.database.db,
      ctx.user.id,
      input.templateId,
      {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(config === undefined ? {} : { config }),
      },
      new Date(ctx.services.now()),
    );
    if (!changed) throw appError('NOT_FOUND', 'templates.errNotFound');
    return { templateId: input.templateId };
  }),

  /** A new template of the caller's from one of theirs, a teammate's or a default beer template. */
  copy: instructorProcedure.input(copyTemplateInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `templates:${ctx.user.id}`, ctx.services.limits.gameCreations);
    const preset = defaultTemplate(input.templateId);
    if (preset && !preset.config) throw appError('BAD_REQUEST', 'templates.errTypeUnavailable');
    const source = preset?.config
      ? { type: preset.type, description: '', config: checkedBeerConfig(preset.config()) }
      : await usableOrRefuse(ctx, input.templateId);
    const templateId = await insertTemplate(
      ctx.services.database.db,
      {
        creatorId: ctx.user.id,
        type: source.type,
        title: input.title,
        description: input.description ?? source.description,
        config: source.config,
      },
      new Date(ctx.services.now()),
    );
    return { templateId };
  }),

  delete: instructorProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
    const deleted = await deleteTemplate(
      ctx.services.database.db,
      ctx.user.id,
      input.templateId,
      new Date(ctx.services.now()),
    );
    if (!deleted) throw appError('NOT_FOUND', 'templates.errNotFound');
    return { templateId: input.templateId };
  }),
});
