/**
 * The white-label portal's look (issue 28, item 3; docs/portal.md): on a host the server counts as
 * a portal's, `portal.look` answers the portal's hero title, colours, logo and language, else null
 * (the product's own look). The colours apply on desktop widths above 1023 px only (spec point 2),
 * by CSS (ui/layout.css) under `html[data-portal-*]`; the language enters the locale priority as the
 * workspace's; sign-up hides wherever `usePortalLook()` is not null. It also keeps the browser's
 * title, from the title each page gives (`usePageTitle`).
 */
import type { inferRouterOutputs } from '@trpc/server';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AppRouter } from '../src-server/trpc/router';
import { browserTitle } from '../src-shared/rules/browser-title';
import { useWorkspaceLocale } from './i18n';
import { trpc } from './trpc';

export type PortalLook = NonNullable<inferRouterOutputs<AppRouter>['portal']['look']>;

/** The look; undefined while it loads. */
const LookContext = createContext<PortalLook | null | undefined>(null);

/** The active portal's look; null on the product's own hosts (and while it loads). */
export const usePortalLook = () => useContext(LookContext) ?? null;

/** Each colour of the look, as the CSS variable and the attribute that turns its rules on. */
const COLOURS = [
  ['mainColor', 'main'],
  ['bckColor', 'bck'],
  ['textColor', 'text'],
] as const;

export function LookProvider({ children }: { children: ReactNode }) {
  // Once a visit: a portal's look changes when its owner edits it, not while a page is open.
  const { data, isPending } = trpc.portal.look.useQuery(undefined, {
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const look = data ?? null;
  const [route, setRoute] = useState<string | null>(null);
  useWorkspaceLocale(look?.language);
  useBrowserTitle(route, look);
  useEffect(() => {
    const root = document.documentElement;
    for (const [field, name] of COLOURS) {
      const colour = look?.[field];
      if (colour) {
        root.style.setProperty(`--portal-${name}`, colour);
        root.setAttribute(`data-portal-${name}`, '');
      } else {
        root.style.removeProperty(`--portal-${name}`);
        root.removeAttribute(`data-portal-${name}`);
      }
    }
    root.toggleAttribute('data-portal-look', look !== null);
  }, [look]);
  return (
    <LookContext.Provider value={isPending ? undefined : look}>
      <TitleContext.Provider value={setRoute}>{children}</TitleContext.Provider>
    </LookContext.Provider>
  );
}

/** Sets the route's title of the page shown (PageTitle's); null: none. */
const TitleContext = createContext<(title: string | null) => void>(() => undefined);

/**
 * The page's own title (spec point 2's route title) while the calling page is mounted; null, empty
 * or absent: none, and the browser's title is the product's (a portal's hero title on a portal).
 */
export function usePageTitle(title: string | null | undefined) {
  const setTitle = useContext(TitleContext);
  const text = title?.trim() || null;
  useEffect(() => {
    setTitle(text);
    return () => setTitle(null);
  }, [text, setTitle]);
}

/** Keeps the browser's title by the rule of spec point 2 (src-shared/rules/browser-title.ts). */
function useBrowserTitle(route: string | null, look: PortalLook | null) {
  const intl = useIntl();
  const title = browserTitle({
    route,
    product: intl.formatMessage({ id: 'app.name' }),
    hero: look?.heroTitle,
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
