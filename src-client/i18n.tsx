import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
// Every page's English messages; instructors' pages add theirs (`loadInstructorMessages`).
import english from '../locales/en.json';
import { chooseLocale, isLocale, type Locale } from '../src-shared/rules/locale';
import { isInstructor } from '../src-shared/rules/permissions';
import { authClient, useCurrentUser } from './auth';
import { loadChunk } from './load-chunk';
import type { MessageAudience } from './message-audience';

const STORAGE_KEY = 'locale';
// The locale files reach the browser as message syntax trees, not strings (vite.config.ts,
// precompiledMessages); react-intl takes either, so their JSON types stand in for both.
const loaders = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*.json',
  '!../locales/en.json',
]);

/** The English messages of some pages only (src-client/message-audience.ts), each audience's loaded once. */
const audienceMessages: Partial<Record<MessageAudience, Promise<Record<string, string>>>> = {};
const audienceListeners = new Set<(messages: Record<string, string>) => void>();
const audienceLoaders: Record<MessageAudience, () => Promise<{ default: unknown }>> = {
  instructor: () => loadChunk(() => import('../locales/en.json?instructor')),
  lean: () => loadChunk(() => import('../locales/en.json?lean')),
};

function loadAudienceMessages(audience: MessageAudience): Promise<Record<string, string>> {
  audienceMessages[audience] ??= audienceLoaders[audience]().then((module) => {
    const messages = module.default as Record<string, string>;
    for (const listener of audienceListeners) listener(messages);
    return messages;
  });
  return audienceMessages[audience];
}

/**
 * Loads the English messages of instructors' pages; an instructor page's code awaits it as it
 * loads (router.tsx), so that it never shows before its words.
 */
export const loadInstructorMessages = () => loadAudienceMessages('instructor');

/** `module` once it and the English words of instructors' pages are loaded. */
export async function withInstructorMessages<M>(module: Promise<M>): Promise<M> {
  return (await Promise.all([module, loadInstructorMessages()]))[0];
}

/** `module` once it and the English words of the lean game's pages are loaded. */
export async function withLeanMessages<M>(module: Promise<M>): Promise<M> {
  return (await Promise.all([module, loadAudienceMessages('lean')]))[0];
}

const LocaleContext = createContext<{
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** A locale that overrides the person's own (a game's language) while set; null: none. */
  enforce: (locale: Locale | null) => void;
  /** Whether a page hides the language picker (a session that does not allow it: spec point 2). */
  pickerHidden: boolean;
  hidePicker: (hidden: boolean) => void;
}>({
  locale: 'en',
  setLocale: () => undefined,
  enforce: () => undefined,
  pickerHidden: false,
  hidePicker: () => undefined,
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
 * Hides the language picker while the calling component is mounted and `hidden` holds: a session's
 * pages and games when the session does not allow it (spec point 2, `allowLanguagePicker`).
 */
export function useHiddenLanguagePicker(hidden: boolean) {
  const { hidePicker } = useContext(LocaleContext);
  useEffect(() => {
    if (!hidden) return;
    hidePicker(true);
    return () => hidePicker(false);
  }, [hidden, hidePicker]);
}

/** Chooses the language, loads its messages (English ones fill any gap) and provides react-intl. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [own, setOwn] = useState<Locale>(() =>
    chooseLocale({ profile: localStorage.getItem(STORAGE_KEY), browser: navigator.languages }),
  );
  const [enforced, enforce] = useState<Locale | null>(null);
  const [pickerHidden, hidePicker] = useState(false);
  const locale = chooseLocale({ enforced, profile: own });
  const [messages, setMessages] = useState<Record<string, string>>(english);
  const [audienceEnglish, setAudienceEnglish] = useState<Record<string, string>>({});
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

  // Some pages' English, once loaded by one of them (or, for instructors' pages, on an instructor's sign-in).
  useEffect(() => {
    const add = (more: Record<string, string>) => setAudienceEnglish((held) => ({ ...held, ...more }));
    audienceListeners.add(add);
    for (const loaded of Object.values(audienceMessages)) void loaded.then(add);
    return () => {
      audienceListeners.delete(add);
    };
  }, []);
  useEffect(() => {
    if (saveInProfile) void loadInstructorMessages();
  }, [saveInProfile]);

  useEffect(() => {
    let current = true;
    document.documentElement.lang = locale;
    if (locale === 'en') {
      setMessages(english);
      return;
    }
    const load = loaders[`../locales/${locale}.json`];
    if (!load) return;
    void loadChunk(load).then((module) => {
      if (current) setMessages({ ...english, ...module.default });
    });
    return () => {
      current = false;
    };
  }, [locale]);

  /** Switches the interface's language, and saves it in an instructor's profile. */
  const setLocale = useCallback(
    (next: Locale) => {
      localStorage.setItem(STORAGE_KEY, next);
      setOwn(next);
      // Offline, the choice holds in this browser; the profile keeps the one saved before.
      if (saveInProfile) authClient.updateUser({ language: next }).catch(() => undefined);
    },
    [saveInProfile],
  );

  const allMessages = useMemo(() => ({ ...audienceEnglish, ...messages }), [audienceEnglish, messages]);
  return (
    <LocaleContext.Provider value={{ locale, setLocale, enforce, pickerHidden, hidePicker }}>
      <IntlProvider locale={locale} messages={allMessages} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
