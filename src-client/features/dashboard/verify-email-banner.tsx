import { Alert, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useCurrentUser } from '../../auth';
import { SendAgain } from '../../ui/send-again';

/**
 * Until an instructor confirms their address: they may prepare games, and are asked to confirm it,
 * with "send again" (actions that mail other people need it: verifiedInstructorProcedure).
 */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  if (!user?.email || user.isAnonymous || user.emailVerified) return null;
  return (
    <Alert color="yellow" icon={<IconMailExclamation />} mb="md" data-testid="verify-banner">
      <Stack gap="xs">
        <Text size="sm">
          <FormattedMessage id="account.verifyBanner.text" values={{ email: user.email }} />
        </Text>
        <SendAgain email={user.email} />
      </Stack>
    </Alert>
  );
}
