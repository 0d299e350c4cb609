import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { chooseLocale, isLocale, type Locale } from '../src-shared/rules/locale';
import { isInstructor } from '../src-shared/rules/permissions';
import { authClient, useCurrentUser } from './auth';
import { loadChunk } from './load-chunk';
import type { MessageAudience } from './message-audience';

const STORAGE_KEY = 'locale';
type Messages = Record<string, string>;
type Loaders = Record<string, () => Promise<unknown>>;
// The locale files reach the browser as message syntax trees, not strings (vite.config.ts,
// precompiledMessages); react-intl takes either, so their JSON types stand in for both. Each
// language, English as any other, comes in parts (src-client/message-audience.ts): every page's,
// and each audience's; a page loads the parts it shows, in the language shown only (every language
// has every message, test/unit/locale.test.ts: none needs English's beside it).
const everyPageLoaders: Loaders = import.meta.glob('../locales/*.json');
const audienceLoaders: Record<MessageAudience, Loaders> = {
  instructor: import.meta.glob('../locales/*.json', { query: '?instructor' }),
  lean: import.meta.glob('../locales/*.json', { query: '?lean' }),
  debrief: import.meta.glob('../locales/*.json', { query: '?debrief' }),
  music: import.meta.glob('../locales/*.json', { query: '?music' }),
  front: import.meta.glob('../locales/*.json', { query: '?front' }),
};

/** The parts of the languages loaded so far, by `locale/audience` ('' for every page's part). */
const held = new Map<string, Messages>();
const loading = new Map<string, Promise<void>>();
const heldListeners = new Set<() => void>();
/** The audiences some page of this visit showed: a language switched to loads their words too. */
const wantedAudiences = new Set<MessageAudience>();
/** This browser's language as the app starts (I18nProvider's first choice). */
const startupLocale = chooseLocale({
  profile: localStorage.getItem(STORAGE_KEY),
  browser: navigator.languages,
});
/**
 * The language the person chose and the one shown (I18nProvider keeps them; they differ while a
 * language switched to loads): an audience's words load in both.
 */
let chosenLocale: Locale = startupLocale;
let shownLocale: Locale | null = null;

const partKey = (locale: Locale, audience: MessageAudience | null) => `${locale}/${audience ?? ''}`;

/** Loads one part of one language once; its listeners hear of it before its waiters go on. */
function loadPart(locale: Locale, audience: MessageAudience | null): Promise<void> {
  const key = partKey(locale, audience);
  if (held.has(key)) return Promise.resolve();
  const pending = loading.get(key);
  if (pending) return pending;
  const file = `../locales/${locale}.json`;
  const load = audience ? audienceLoaders[audience][file] : everyPageLoaders[file];
  if (!load) return Promise.reject(new Error(`no messages for ${key}`));
  const loaded = loadChunk(load).then(
    (module) => {
      held.set(key, (module as { default: Messages }).default);
      loading.delete(key);
      for (const listener of heldListeners) listener();
    },
    (error: unknown) => {
      loading.delete(key);
      throw error;
    },
  );
  loading.set(key, loaded);
  return loaded;
}

/** Every part of `locale` the pages of this visit need. */
const loadLocale = (locale: Locale) =>
  Promise.all([null, ...wantedAudiences].map((audience) => loadPart(locale, audience)));

/** The messages held in `locale`. */
function messagesOf(locale: Locale): Messages {
  const merged: Messages = {};
  for (const [key, messages] of held) if (key.startsWith(`${locale}/`)) Object.assign(merged, messages);
  return merged;
}

/**
 * Loads an audience's words (the pages that show them call it as their code loads: the router, a
 * lazy panel) in the language chosen and the one shown; a language chosen later loads them too.
 */
export function loadAudienceMessages(audience: MessageAudience): Promise<void> {
  wantedAudiences.add(audience);
  const locales = new Set([chosenLocale, shownLocale ?? chosenLocale]);
  return Promise.all([...locales].map((locale) => loadPart(locale, audience))).then(() => undefined);
}

/** `module` once it and the words of `audience` are loaded, so that it never shows before its words. */
export async function withAudienceMessages<M>(audience: MessageAudience, module: Promise<M>): Promise<M> {
  return (await Promise.all([module, loadAudienceMessages(audience)]))[0];
}

/** Loads the words of instructors' pages (the router awaits them with an instructor's page). */
export const loadInstructorMessages = () => loadAudienceMessages('instructor');
/** `module` once it and the words of instructors' pages are loaded. */
export const withInstructorMessages = <M,>(module: Promise<M>) => withAudienceMessages('instructor', module);
/** `module` once it and the words of the lean game's pages are loaded. */
export const withLeanMessages = <M,>(module: Promise<M>) => withAudienceMessages('lean', module);
/** `module` once it and the front door's words (home, demo, leaderboard) are loaded. */
export const withFrontMessages = <M,>(module: Promise<M>) => withAudienceMessages('front', module);
/** `module` once it and the results pages' words (the debriefs) are loaded. */
export const withDebriefMessages = <M,>(module: Promise<M>) => withAudienceMessages('debrief', module);

/**
 * A word missing from the page's messages (its part not loaded: message-audience.ts) or that does
 * not format, said on the console in every build: react-intl says it in development builds only,
 * and the browser tests fail on console errors (test/support/browser-fixture.ts).
 */
function reportWordError(error: { code: string; message: string }): void {
  console.error(`${error.code}: ${error.message}`);
}

const LocaleContext = createContext<{
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** A locale that overrides the person's own (a game's language) while set; null: none. */
  enforce: (locale: Locale | null) => void;
  /** A customised page's workspace language (a portal's, a public page's) while set; null: none. */
  setWorkspace: (locale: Locale | null) => void;
}>({
  locale: 'en',
  setLocale: () => undefined,
  enforce: () => undefined,
  setWorkspace: () => undefined,
});

export const useLocale = () => useContext(LocaleContext);

/**
 * Shows the pages in `locale` while the calling component is mounted (spec, "Locale priority": an
 * enforced locale first), as a game's own language does; null or undefined: the person's own.
 */
export function useEnforcedLocale(locale: Locale | null | undefined) {
  const { enforce } = useContext(LocaleContext);
  useEffect(() => {
    if (!locale) return;
    enforce(locale);
    return () => enforce(null);
  }, [locale, enforce]);
}

/**
 * Shows a customised page in its workspace's language while the calling component is mounted
 * (spec, "Locale priority": after an enforced locale, before the profile's and the browser's): a
 * portal's pages (look.tsx) and an instructor's public page call it with the language they were
 * given; null or undefined: none. A language the person picks during the visit wins over it.
 */
export function useWorkspaceLocale(locale: string | null | undefined) {
  const { setWorkspace } = useContext(LocaleContext);
  const language = isLocale(locale) ? locale : null;
  useEffect(() => {
    if (!language) return;
    setWorkspace(language);
    return () => setWorkspace(null);
  }, [language, setWorkspace]);
}

/** Chooses the language, loads its messages (English ones fill any gap) and provides react-intl. */
export function I18nProvider({ children }: { children: ReactNode }) {
  // This browser's choice, as read when the app started.
  const [own, setOwn] = useState<Locale>(startupLocale);
  const [enforced, enforce] = useState<Locale | null>(null);
  const [workspace, setWorkspace] = useState<Locale | null>(null);
  // A language picked in this visit is the person's word: a workspace's no longer overrides it.
  const [picked, setPicked] = useState(false);
  const locale = chooseLocale({ enforced, workspace: picked ? null : workspace, profile: own });
  // Read by the loaders of later pages' words, which load in it (set as it renders: a page loaded
  // in the same render asks for this language's words).
  chosenLocale = locale;
  /**
   * The language shown: the one chosen once every part this visit's pages need is loaded in it;
   * until then the one before, whole (a switch never shows a page without its words), and at first
   * nothing (the page's code loads meanwhile: router.tsx).
   */
  const [shown, setShown] = useState<Locale | null>(null);
  shownLocale = shown;
  const [heldVersion, setHeldVersion] = useState(0);
  const { user } = useCurrentUser();
  const profileLanguage = user?.language;
  const saveInProfile = isInstructor(user);

  // The language saved in the profile wins over this browser's (spec, locale priority): on sign-in,
  // and when it is changed in another tab.
  useEffect(() => {
    if (!isLocale(profileLanguage)) return;
    localStorage.setItem(STORAGE_KEY, profileLanguage);
    setOwn(profileLanguage);
  }, [profileLanguage]);

  // A part loaded by a page (its audience's words) joins the messages at once.
  useEffect(() => {
    const bump = () => setHeldVersion((version) => version + 1);
    heldListeners.add(bump);
    return () => {
      heldListeners.delete(bump);
    };
  }, []);
  useEffect(() => {
    if (saveInProfile) void loadInstructorMessages();
  }, [saveInProfile]);

  useEffect(() => {
    let current = true;
    void loadLocale(locale).then(() => {
      if (current) setShown(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  useEffect(() => {
    if (shown) document.documentElement.lang = shown;
  }, [shown]);

  /** Switches the interface's language, and saves it in an instructor's profile. */
  const setLocale = useCallback(
    (next: Locale) => {
      localStorage.setItem(STORAGE_KEY, next);
      setOwn(next);
      setPicked(true);
      // Offline, the choice holds in this browser; the profile keeps the one saved before.
      if (saveInProfile) authClient.updateUser({ language: next }).catch(() => undefined);
    },
    [saveInProfile],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: heldVersion counts the parts held.
  const messages = useMemo(() => (shown ? messagesOf(shown) : {}), [shown, heldVersion]);
  if (!shown) return null;
  return (
    <LocaleContext.Provider value={{ locale, setLocale, enforce, setWorkspace }}>
      <IntlProvider locale={shown} messages={messages} defaultLocale="en" onError={reportWordError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
