/** The public instructor page's inputs (issue 28), shared by the settings form and the server. */
import { z } from 'zod';
import { LOCALES } from '../rules/locale';
import { isHexColor, SLUG_MAX, slugRefusal } from '../rules/public-page';
import { idInput } from './inputs';

export const PAGE_TITLE_MAX = 80;
/** Sessions and games one page may show. */
export const PAGE_ITEMS_MAX = 50;

const color = z
  .string({ message: 'settings.pageColorInvalid' })
  .refine(isHexColor, { message: 'settings.pageColorInvalid' })
  .transform((value) => value.toLowerCase())
  .nullable();

/** A page's address and its look: null clears a field (the app's default shows). */
export const savePageInput = z.object({
  appTitle: z
    .string({ message: 'errors.invalidInput' })
    .trim()
    .max(PAGE_TITLE_MAX, { message: 'settings.pageTitleTooLong' })
    .nullable(),
  language: z.enum(LOCALES, { message: 'errors.invalidInput' }).nullable(),
  mainColor: color,
  bckColor: color,
  useThumbnail: z.boolean({ message: 'errors.invalidInput' }),
  activePage: z.boolean({ message: 'errors.invalidInput' }),
  slug: z
    .string({ message: 'settings.pageSlugInvalid' })
    .max(SLUG_MAX + 1, { message: 'settings.pageSlugLength' })
    .superRefine((slug, ctx) => {
      const refusal = slugRefusal(slug);
      if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
    })
    .nullable(),
});
export type SavePageInput = z.infer<typeof savePageInput>;

export const PAGE_ITEM_KINDS = ['session', 'game'] as const;
export type PageItemKind = (typeof PAGE_ITEM_KINDS)[number];

/** The sessions and games the page shows, in this order. */
export const publishInput = z.object({
  items: z
    .array(
      z.object({
        kind: z.enum(PAGE_ITEM_KINDS, { message: 'errors.invalidInput' }),
        id: idInput,
      }),
      { message: 'errors.invalidInput' },
    )
    .max(PAGE_ITEMS_MAX, { message: 'settings.pageTooManyItems' }),
});

/** A page's address: its owner's id, its workspace's id or its slug. */
export const pageAddressInput = z.object({
  address: z.string({ message: 'errors.invalidInput' }).min(1, { message: 'errors.invalidInput' }).max(64, {
    message: 'errors.invalidInput',
  }),
});
