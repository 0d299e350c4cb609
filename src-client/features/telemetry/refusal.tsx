import { Alert } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** The refusal of a query, translated, or null. */
export function Refusal({ error }: { error: { data?: { messageId?: string } | null } | null }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      <FormattedMessage id={error.data?.messageId ?? 'errors.unexpected'} />
    </Alert>
  );
}
