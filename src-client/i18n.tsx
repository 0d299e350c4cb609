import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import english from '../locales/en.json';
import { chooseLocale, isLocale, type Locale } from '../src-shared/rules/locale';
import { isInstructor } from '../src-shared/rules/permissions';
import { authClient, useCurrentUser } from './auth';

const STORAGE_KEY = 'locale';
// The locale files reach the browser as message syntax trees, not strings (vite.config.ts,
// precompiledMessages); react-intl takes either, so their JSON types stand in for both.
const loaders = import.meta.glob<{ default: Record<string, string> }>([
  '../locales/*.json',
  '!../locales/en.json',
]);

const LocaleContext = createContext<{ locale: Locale; setLocale: (locale: Locale) => void }>({
  locale: 'en',
  setLocale: () => undefined,
});

export const useLocale = () => useContext(LocaleContext);

/** Chooses the language, loads its messages (English ones fill any gap) and provides react-intl. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() =>
    chooseLocale({ profile: localStorage.getItem(STORAGE_KEY), browser: navigator.languages }),
  );
  const [messages, setMessages] = useState<Record<string, string>>(english);
  const { user } = useCurrentUser();
  const profileLanguage = user?.language;
  const saveInProfile = isInstructor(user);

  // The language saved in the profile wins over this browser's (spec, locale priority): on sign-in,
  // and when it is changed in another tab.
  useEffect(() => {
    if (!isLocale(profileLanguage)) return;
    localStorage.setItem(STORAGE_KEY, profileLanguage);
    setLocaleState(profileLanguage);
  }, [profileLanguage]);

  useEffect(() => {
    let current = true;
    document.documentElement.lang = locale;
    if (locale === 'en') {
      setMessages(english);
      return;
    }
    void loaders[`../locales/${locale}.json`]?.().then((module) => {
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
      setLocaleState(next);
      // Offline, the choice holds in this browser; the profile keeps the one saved before.
      if (saveInProfile) authClient.updateUser({ language: next }).catch(() => undefined);
    },
    [saveInProfile],
  );

  return (
    <LocaleContext.Provider value={{ locale, setLocale }}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en">
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
