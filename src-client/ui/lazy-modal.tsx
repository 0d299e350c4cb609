import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadChunk, prefetchLater } from '../load-chunk';

const loadModal = () => loadChunk(() => import('./modal-chunk'));
const Modal = lazy(async () => ({ default: (await loadModal()).Modal }));

/**
 * Mantine's Modal, whose code (the dialog, its focus trap and scroll lock: some 11 KB gzipped) is
 * not part of a page's first load: it is fetched once the first load is over (`prefetchLater`), and
 * in any case when a dialog first opens. Once opened it stays mounted, so that it closes with its transition.
 */
export function LazyModal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  useEffect(() => {
    if (props.opened) setWanted(true);
  }, [props.opened]);
  useEffect(() => prefetchLater(loadModal), []);
  if (!wanted && !props.opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
