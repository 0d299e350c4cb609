import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Keeps a replay's step in the page's address (`?week=14`, `?minute=3.5`), so a link opens the
 * class there. It writes when the step changes, and only then: `setSearchParams` changes with every
 * navigation, and writing again while the player leaves the page (a round that opens takes them on)
 * took them back to it.
 */
export function useStepInAddress(step: number, write: (params: URLSearchParams, step: number) => void) {
  const [, setParams] = useSearchParams();
  const latestWrite = useRef(write);
  latestWrite.current = write;
  const written = useRef<number | null>(null);
  useEffect(() => {
    if (written.current === step) return;
    written.current = step;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        latestWrite.current(updated, step);
        return updated;
      },
      { replace: true },
    );
  }, [step, setParams]);
}
