import { type RefObject, useEffect, useState } from 'react';

/**
 * After a refused submit, the first field inside `root` that says why (or the form's own alert)
 * comes into view and takes the focus: on a long form the refusal may be far from the button.
 * Call the function returned when a submit is refused; the search runs once the refusals show.
 */
export function useFocusFirstError(root: RefObject<HTMLElement | null>): () => void {
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts === 0) return;
    const first = root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!first) return;
    first.scrollIntoView({ block: 'center' });
    first.focus({ preventScroll: true });
  }, [attempts, root]);
  return () => setAttempts((n) => n + 1);
}
