/**
 * The text of a template: the bounds of its title and description, and a copy's title. Apart from
 * the catalogue of default templates, so that the browser's forms take these without the engine.
 */

/** The longest title of a template. */
export const TEMPLATE_TITLE_MAX = 80;
/** The longest description of a template. */
export const TEMPLATE_DESCRIPTION_MAX = 500;

/**
 * A copy's title: the original's with the translated suffix (`copyOf` puts it around the title),
 * the original cut short (with an ellipsis) so that the whole fits `TEMPLATE_TITLE_MAX`.
 */
export function templateCopyTitle(title: string, copyOf: (title: string) => string): string {
  const chars = [...title];
  let copy = copyOf(title);
  while (copy.length > TEMPLATE_TITLE_MAX && chars.length > 0) {
    chars.pop();
    copy = copyOf(`${chars.join('').trimEnd()}…`);
  }
  return copy;
}
