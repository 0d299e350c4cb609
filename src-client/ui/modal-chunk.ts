/** Mantine's Modal on its own, for `LazyModal` to load when a dialog first opens. */
export { Modal } from '@mantine/core';
