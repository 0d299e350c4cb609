/**
 * The bounds of a template's text, apart from the catalogue of default templates so that the
 * browser's forms take them without the engine. A copy is named by the rule of game copies
 * (copy-names.ts).
 */
import { GAME_NAME_MAX } from './copy-names';

/** The longest title of a template: it is the name a game made from it starts with. */
export const TEMPLATE_TITLE_MAX = GAME_NAME_MAX;
/** The longest description of a template. */
export const TEMPLATE_DESCRIPTION_MAX = 500;
