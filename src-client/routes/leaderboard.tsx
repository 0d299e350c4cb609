import { useIntl } from 'react-intl';
import { Leaderboard } from '../features/demo/leaderboard';
import { usePageTitle } from '../look';

/** `/leaderboard`: the best team costs of each built-in template (issue 28). */
export function LeaderboardPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'front.leaderboardTitle' }));
  return <Leaderboard />;
}
