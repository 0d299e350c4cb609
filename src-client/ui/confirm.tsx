import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LazyModal } from './lazy-modal';

/** A confirmation dialog: the question, what will happen, and the button that does it. */
export function Confirm({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  onConfirm,
  color = 'red',
  testId,
  loading,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  color?: string;
  testId?: string;
  loading?: boolean;
}) {
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            <FormattedMessage id="board.cancel" />
          </Button>
          <Button
            color={color}
            loading={loading}
            onClick={() => {
              onClose();
              onConfirm();
            }}
            data-testid={testId}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
