import { Center, Loader } from '@mantine/core';

/** What a page shows while its code or its data is on the way. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}
