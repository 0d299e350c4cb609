import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { loadingTarget } from '../../src-shared/rules/loading-target';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { usePageTitle } from '../look';

/**
 * `/loading` (spec point 2, "Loading redirect"): a loader while the sign-in is read, then the page
 * the user belongs on: the `?to=` path when it is one of this site's (never another site's), else
 * the dashboard for an instructor and the home page for anyone else.
 */
export function LoadingPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user, pending } = useCurrentUser();
  usePageTitle(intl.formatMessage({ id: 'front.loading' }));
  const to = search.get('to');
  useEffect(() => {
    if (pending) return;
    navigate(loadingTarget({ to, instructor: isInstructor(user) }), { replace: true });
  }, [pending, user, to, navigate]);
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" role="status">
        <Loader size="lg" />
        <Text c="dimmed">
          <FormattedMessage id="front.loading" />
        </Text>
      </Stack>
    </Center>
  );
}
