import { Center } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { Navigate, useParams } from 'react-router';
import { normaliseJoinCode } from '../../src-shared/rules/join-code';
import { JoinByCode } from '../features/game-shell/join-by-code';
import { paths } from '../paths';
import { trpc } from '../trpc';
import { PageLoader } from '../ui/page-loader';

/**
 * `/j/:code`, the address of a join code's QR code: goes on to the game's intro page, or shows
 * the join box with the code and why it leads nowhere.
 */
export function JoinPage() {
  const { code = '' } = useParams();
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'home.joinTitle' }));
  const normalised = normaliseJoinCode(code);
  const game = trpc.game.byCode.useQuery(
    { code: normalised ?? '' },
    { enabled: normalised !== null, retry: false },
  );
  if (game.data) return <Navigate to={paths.game(game.data.gameId, 'intro')} replace />;
  if (normalised && game.isPending) return <PageLoader />;
  const messageId = (game.error?.data as { messageId?: string } | undefined)?.messageId;
  return (
    <Center py="xl">
      <JoinByCode
        initialCode={code}
        initialError={normalised ? (messageId ?? 'game.errCouldNotConnect') : 'game.errCodeFormat'}
      />
    </Center>
  );
}
