import { Anchor, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { AuthCard } from './reset-password-form';

/**
 * After a sign-up whose address an account already used (the form's sign-in with the typed password
 * failed): the owner of the address was written to (docs/accounts.md, "E-mail verification").
 */
export function SignUpSent({ email }: { email: string }) {
  return (
    <AuthCard title="account.signUpSent.title">
      <Text data-testid="sign-up-sent">
        <FormattedMessage id="account.signUpSent.body" values={{ email }} />
      </Text>
      <Anchor component={Link} to={paths.login()} size="sm">
        <FormattedMessage id="auth.loginLink" />
      </Anchor>
    </AuthCard>
  );
}
