import { Button, Divider, Stack, Text } from '@mantine/core';
import { type ReactElement, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NEW_SOCIAL_USER_PATH, type SocialProvider } from '../../../src-shared/rules/social-sign-in';
import { authClient } from '../../auth';
import { useLocale } from '../../i18n';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { peekTarget } from './after-login';

/** The logos, as each provider asks its button to show it. */
const LOGOS: Record<SocialProvider, ReactElement> = {
  google: (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  ),
  microsoft: (
    <svg width="18" height="18" viewBox="0 0 21 21" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  ),
};

const BUTTON_WORDS: Record<SocialProvider, string> = {
  google: 'account.continueWithGoogle',
  microsoft: 'account.continueWithMicrosoft',
};

/** What a sign-in that came back with `?error=<code>` says (better-auth's codes). */
export function socialErrorMessageId(code: string): string {
  if (code === 'account_not_linked') return 'account.socialNotLinked';
  if (code === 'access_denied') return 'account.socialCancelled';
  return 'account.socialFailed';
}

/**
 * "Continue with Google" and "Continue with Microsoft", for the providers the server has (none:
 * nothing shows). A new account lands on /setup-account, an existing one where it was going; a
 * failure comes back to this page (`mode`) with `?error=`.
 */
export function SocialSignIn({ mode, error }: { mode: 'login' | 'signup'; error: string | null }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const providers = trpc.account.signInProviders.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const [leaving, setLeaving] = useState<SocialProvider | null>(null);
  const [failed, setFailed] = useState(false);
  if (!providers.data?.length) return null;

  const start = async (provider: SocialProvider) => {
    setLeaving(provider);
    setFailed(false);
    const result = await authClient.signIn.social(provider, locale, {
      callbackURL: peekTarget(),
      newUserCallbackURL: NEW_SOCIAL_USER_PATH,
      errorCallbackURL: mode === 'login' ? paths.login() : paths.signup(),
    });
    // Success leaves the page for the provider's; a refusal stays here and says so.
    if (result.error) {
      setLeaving(null);
      setFailed(true);
    }
  };

  const messageId = failed ? 'account.socialFailed' : error && socialErrorMessageId(error);
  return (
    <Stack gap="sm">
      {providers.data.map((provider) => (
        <Button
          key={provider}
          variant="default"
          leftSection={LOGOS[provider]}
          loading={leaving === provider}
          disabled={leaving !== null && leaving !== provider}
          onClick={() => void start(provider)}
        >
          {intl.formatMessage({ id: BUTTON_WORDS[provider] })}
        </Button>
      ))}
      {messageId && (
        <Text c="red" size="sm" role="alert">
          <FormattedMessage id={messageId} />
        </Text>
      )}
      <Divider label={intl.formatMessage({ id: 'account.orWithEmail' })} labelPosition="center" />
    </Stack>
  );
}
