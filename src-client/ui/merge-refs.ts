import { type Ref, type RefCallback, useCallback, useMemo, useRef } from 'react';

/**
 * floating-ui's `useMergeRefs` (MIT, @floating-ui/react), the one thing Mantine's ScrollArea (inside
 * its Table) takes from that package: vite.config.ts points ScrollArea's import here, so that a
 * table does not bring floating-ui's positioning (15 KB gzipped) to a player's first load. Same
 * behaviour: one callback ref setting every ref, with React 19's ref cleanups.
 */
export function useMergeRefs<Instance>(refs: (Ref<Instance> | undefined)[]): RefCallback<Instance> | null {
  const cleanupRef = useRef<(() => void) | undefined>(undefined);
  const refEffect = useCallback((instance: Instance) => {
    const cleanups = refs.map((ref) => {
      if (ref == null) return undefined;
      if (typeof ref === 'function') {
        const cleanup = ref(instance);
        return typeof cleanup === 'function' ? cleanup : () => ref(null);
      }
      ref.current = instance;
      return () => {
        ref.current = null;
      };
    });
    return () => {
      for (const cleanup of cleanups) cleanup?.();
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in floating-ui.
  }, refs);
  return useMemo(() => {
    if (refs.every((ref) => ref == null)) return null;
    return (value: Instance | null) => {
      cleanupRef.current?.();
      cleanupRef.current = undefined;
      if (value != null) cleanupRef.current = refEffect(value);
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the refs are the dependencies, as in floating-ui.
  }, refs);
}
