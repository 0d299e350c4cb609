import { PasswordInput } from '@mantine/core';
import { type IntlShape, useIntl } from 'react-intl';
import { authErrorMessageId } from '../../../auth';

/** The current password a change of address or password asks for again (spec point 5, re-authentication). */
export function CurrentPasswordInput(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <PasswordInput
      label={intl.formatMessage({ id: 'account.currentPassword' })}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      required
      maxLength={128}
      autoComplete="current-password"
    />
  );
}

/**
 * A refusal of the server as a form asking for the current password shows it: a wrong current
 * password beside that field (`onCurrentPassword`), anything else beside the field being changed.
 */
export function credentialRefusal(
  intl: IntlShape,
  error: { code?: string | undefined },
): { onCurrentPassword: boolean; text: string } {
  const onCurrentPassword = error.code === 'INVALID_PASSWORD';
  const id = onCurrentPassword ? 'account.wrongPassword' : authErrorMessageId(error);
  return { onCurrentPassword, text: intl.formatMessage({ id }) };
}
