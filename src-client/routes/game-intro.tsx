import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { BeerRules } from '../features/beergame/rules';
import { GameIntro } from '../features/game-shell/game-intro';
import { GameNav } from '../features/game-shell/game-nav';
import { useGameView } from '../features/game-shell/use-game-view';
import { PageLoader } from '../ui/page-loader';

export function GameIntroPage() {
  const { id = '' } = useParams();
  const intl = useIntl();
  const { view, connected } = useGameView(id);
  useDocumentTitle(view?.name ?? intl.formatMessage({ id: 'app.name' }));
  if (!view) return <PageLoader />;
  return (
    <Stack gap="lg">
      <GameNav view={view} stage="intro" connected={connected} />
      <GameIntro view={view} />
      <BeerRules view={view} />
    </Stack>
  );
}
