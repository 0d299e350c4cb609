import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * Keeps a replay's step in the page's address (`?week=14`, `?minute=3.5`), so a link opens the
 * class there. It writes when the step changes, and only then (`setSearchParams` changes with every
 * navigation), only when the address would change, and never once the address has moved to another
 * page: a page being left stays on screen until the next one is ready, and writing its step then
 * took the player back to it (a round that opened, taking the class on, while a debrief loaded).
 */
export function useStepInAddress(step: number, write: (params: URLSearchParams, step: number) => void) {
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const latestWrite = useRef(write);
  latestWrite.current = write;
  const written = useRef<number | null>(null);
  useEffect(() => {
    if (written.current === step) return;
    written.current = step;
    if (window.location.pathname !== pathname) return;
    const current = new URLSearchParams(window.location.search);
    const updated = new URLSearchParams(current);
    latestWrite.current(updated, step);
    if (updated.toString() !== current.toString()) setParams(updated, { replace: true });
  }, [step, setParams, pathname]);
}
