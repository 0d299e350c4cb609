/** The interface languages (spec point 1), English first: it is the source of every message. */
export const LOCALES = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (code: string | null | undefined): code is Locale =>
  code != null && (LOCALES as readonly string[]).includes(code);

/** Each language in its own name, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  pt: 'Português',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  tr: 'Türkçe',
  cs: 'Čeština',
  ro: 'Română',
};

/**
 * The interface language (spec, "Locale priority"): an enforced locale, then the workspace language
 * on customised pages, then the profile language, then the browser's languages in order of
 * preference (a region like `fr-CA` counts as `fr`), then English.
 */
export function chooseLocale(sources: {
  enforced?: string | null;
  workspace?: string | null;
  profile?: string | null;
  browser?: readonly string[];
}): Locale {
  for (const code of [sources.enforced, sources.workspace, sources.profile]) if (isLocale(code)) return code;
  for (const tag of sources.browser ?? []) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLocale(code)) return code;
  }
  return 'en';
}
