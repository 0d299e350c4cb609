import { PasswordInput } from '@mantine/core';
import { useIntl } from 'react-intl';

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

/** A refusal of the server as the form shows it: a wrong current password beside its field. */
export const credentialErrorId = (code: string | undefined, fallback: string) =>
  code === 'INVALID_PASSWORD' ? 'account.wrongPassword' : fallback;
