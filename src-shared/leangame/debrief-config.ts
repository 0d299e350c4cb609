/**
 * The lean game's debrief as its instructor writes it (spec point 3, `configDebrief`, as the beer
 * game's): a thank-you section, the ten sections of spec point 9 shown and in which order, the
 * instructor's text between sections, and questions with expected answers. It lives in the game's
 * params (`setup.params.configDebrief`), so a copy, a template and a reset keep it.
 */
import { debriefConfigSchema } from '../rules/debrief-config';
import { LEAN_DEBRIEF_SECTIONS } from './constants';

export const leanConfigDebriefSchema = debriefConfigSchema(LEAN_DEBRIEF_SECTIONS);
export type LeanConfigDebrief = ReturnType<typeof leanConfigDebriefSchema.parse>;
/** What a form or a session's round sends: every field may be left out (its default). */
export type LeanConfigDebriefInput = Parameters<typeof leanConfigDebriefSchema.parse>[0];

/** The debrief of a game whose instructor wrote none: every section in order, nothing else. */
export const defaultLeanConfigDebrief = (): LeanConfigDebrief => leanConfigDebriefSchema.parse({});
