import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import type { AudioPlayerAudience, NavWorkspace } from '../../src-shared/rules/navigation';
import type { SessionView } from '../../src-shared/session/view';

/**
 * What a page tells the top bar about itself beyond its address (spec point 2, "Navigation bar"):
 * the session it belongs to and that session's rules for the language picker and the music player,
 * whether its game has a creator, the workspace whose page it is. The layout holds them; pages set
 * them while they are mounted (`useNavFacts`); the bar's rules (src-shared/rules/navigation.ts) read them.
 */
export interface NavFacts {
  sessionId: string | null;
  sessionAdmin: boolean;
  /** The session's `allowLanguagePicker`; null outside a session. */
  allowLanguagePicker: boolean | null;
  /** The session's `allowAudioPlayer`; null outside a session. */
  allowAudioPlayer: readonly AudioPlayerAudience[] | null;
  /** Whether the open game has a creator; null when no page said (a game made by an instructor has one). */
  gameHasCreator: boolean | null;
  /**
   * The workspace of the open page (the public instructor page, a customised page), with whether its
   * page is active: set by the pages that show one (issue 28, item 2), null elsewhere.
   */
  workspace: NavWorkspace | null;
}

export const NO_NAV_FACTS: NavFacts = {
  sessionId: null,
  sessionAdmin: false,
  allowLanguagePicker: null,
  allowAudioPlayer: null,
  gameHasCreator: null,
  workspace: null,
};

const NavFactsContext = createContext<(facts: Partial<NavFacts> | null) => void>(() => undefined);

/** The layout's facts and what the page under it sets them with. */
export function useNavFactsState() {
  const [facts, setFacts] = useState<Partial<NavFacts> | null>(null);
  return { facts: { ...NO_NAV_FACTS, ...facts }, setFacts };
}

export function NavFactsProvider({
  setFacts,
  children,
}: {
  setFacts: (facts: Partial<NavFacts> | null) => void;
  children: ReactNode;
}) {
  return <NavFactsContext.Provider value={setFacts}>{children}</NavFactsContext.Provider>;
}

/** Tells the bar `facts` while the calling component is mounted (null: nothing yet). */
export function useNavFacts(facts: Partial<NavFacts> | null) {
  const setFacts = useContext(NavFactsContext);
  const key = JSON.stringify(facts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the facts are compared by their value (key)
  useEffect(() => {
    if (!facts) return;
    setFacts(facts);
    return () => setFacts(null);
  }, [key, setFacts]);
}

/** A session's facts, as its view tells them (the lobby, a session's game). */
export function useSessionNavFacts(view: SessionView | null) {
  useNavFacts(
    view && {
      sessionId: view.sessionId,
      sessionAdmin: view.isAdmin,
      allowLanguagePicker: view.config.allowLanguagePicker,
      allowAudioPlayer: view.config.allowAudioPlayer,
      // A session's games are its creator's.
      gameHasCreator: true,
    },
  );
}
