import { Center } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { normaliseJoinCode } from '../../src-shared/rules/join-code';
import { JoinByCode, joinCodeTarget } from '../features/game-shell/join-by-code';
import { usePageTitle } from '../look';
import { trpc } from '../trpc';
import { PageLoader } from '../ui/page-loader';

/**
 * `/j/:code`, the address of a join code's QR code: goes on to the session's lobby or the game's
 * intro page, or shows the join box with the code and why it leads nowhere.
 */
export function JoinPage() {
  const { code = '' } = useParams();
  const intl = useIntl();
  const utils = trpc.useUtils();
  usePageTitle(intl.formatMessage({ id: 'home.joinTitle' }));
  const normalised = normaliseJoinCode(code);
  const target = useQuery({
    queryKey: ['join-code-target', normalised],
    queryFn: () => joinCodeTarget(utils, normalised ?? ''),
    enabled: normalised !== null,
    retry: false,
  });
  if (target.data) return <Navigate to={target.data} replace />;
  if (normalised && target.isPending) return <PageLoader />;
  const messageId = (target.error as { data?: { messageId?: string } | null } | null)?.data?.messageId;
  return (
    <Center py="xl">
      <JoinByCode
        initialCode={code}
        initialError={normalised ? (messageId ?? 'game.errCouldNotConnect') : 'game.errCodeFormat'}
      />
    </Center>
  );
}
