/**
 * "Leaving a session with pending changes asks for confirmation" (spec point 8). The app's router
 * is the declarative BrowserRouter, which cannot block a navigation, so the editor guards the ways
 * out it can see: closing or reloading the tab (beforeunload), any in-app link (a capturing click
 * listener that stops the link and asks first), the dashboard's tab buttons, and its own buttons.
 */
import { Text } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { Confirm } from '../../../ui/confirm';

const plainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;

export function useLeaveGuard(
  dirty: boolean,
  /** The editor itself: its own tabs (if any) are not ways out. */
  root: RefObject<HTMLElement | null>,
): { ask: (leave: () => void) => void; dialog: ReactNode } {
  const navigate = useNavigate();
  const [leave, setLeave] = useState<(() => void) | null>(null);
  // Set while a confirmed click is replayed, so that the listener lets it through.
  const bypass = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = '';
    };
    const click = (e: MouseEvent) => {
      if (bypass.current || !plainClick(e) || !(e.target instanceof Element)) return;
      const anchor = e.target.closest('a[href]');
      if (anchor instanceof HTMLAnchorElement) {
        if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
        const url = new URL(anchor.href, location.href);
        // Another site: the browser's own beforeunload question covers it.
        if (url.origin !== location.origin) return;
        if (url.pathname === location.pathname && url.search === location.search) return;
        e.preventDefault();
        e.stopPropagation();
        setLeave(() => () => navigate(url.pathname + url.search + url.hash));
        return;
      }
      // The dashboard's tabs are buttons that navigate: asked the same, then clicked again. Tabs
      // in the editor, or in one of its dialogs (a round's settings and debrief), stay on the page.
      const tab = e.target.closest('[role="tab"]');
      if (
        tab instanceof HTMLElement &&
        tab.getAttribute('aria-selected') !== 'true' &&
        !root.current?.contains(tab) &&
        !tab.closest('[role="dialog"]')
      ) {
        e.preventDefault();
        e.stopPropagation();
        setLeave(() => () => {
          bypass.current = true;
          tab.click();
          bypass.current = false;
        });
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, navigate, root]);

  return {
    ask: (go) => (dirty ? setLeave(() => go) : go()),
    dialog: (
      <Confirm
        opened={leave !== null}
        onClose={() => setLeave(null)}
        title={<FormattedMessage id="dashboard.sessions.leaveTitle" />}
        confirmLabel={<FormattedMessage id="dashboard.sessions.leaveButton" />}
        onConfirm={() => leave?.()}
        testId="leave-confirm"
      >
        <Text size="sm">
          <FormattedMessage id="dashboard.sessions.leaveExplain" />
        </Text>
      </Confirm>
    ),
  };
}
