/** Procedure inputs of the `template` router, shared with the client's forms. */
import { z } from 'zod';
import { TEMPLATE_DESCRIPTION_MAX, TEMPLATE_TITLE_MAX } from '../rules/template-naming';
import { idInput, textInput } from './inputs';

export const templateId = idInput;
const title = textInput({ max: TEMPLATE_TITLE_MAX });
const description = textInput({ min: 0, max: TEMPLATE_DESCRIPTION_MAX, multiline: true });
/** A configuration input of the game type; its engine checks it (`resolveConfig` for the beer game). */
const config = z.record(z.string(), z.unknown(), { message: 'templates.errConfigInvalid' });

export const createTemplateInput = z.object({
  title,
  description: description.default(''),
  type: z.literal('beergame', { message: 'templates.errTypeUnavailable' }),
  config,
});

/** The fields given change; the others stay. */
export const updateTemplateInput = z.object({
  templateId,
  title: title.optional(),
  description: description.optional(),
  config: config.optional(),
});

/**
 * A copy of one's own template or of a default one, under `title` (the client adds its translated
 * suffix), with `description` (the original's by default: a default template's is translated by
 * the client).
 */
export const copyTemplateInput = z.object({ templateId, title, description: description.optional() });

/** One of the caller's templates (to read or delete it). */
export const templateIdInput = z.object({ templateId });

/** A game's settings kept as one of the caller's templates (the dashboard's "save as template"). */
export const saveGameAsTemplateInput = z.object({
  gameId: idInput,
  title,
  description: description.optional(),
});
