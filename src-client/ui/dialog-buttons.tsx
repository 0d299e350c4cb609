import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The foot of a dialog's form: Cancel, and the button that submits it. */
export function DialogButtons({
  onCancel,
  submitLabel,
  loading,
  color,
  testId,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  loading?: boolean;
  color?: string;
  testId?: string;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        <FormattedMessage id="board.cancel" />
      </Button>
      <Button type="submit" color={color} loading={loading} data-testid={testId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
