import { useParams } from 'react-router';
import { BeerRules } from '../features/beergame/rules';
import { joinUntilSeated } from '../features/game-shell/join-until-seated';
import { useGameView } from '../features/game-shell/use-game-view';
import { type LobbyParts, SessionLobby } from '../features/session/lobby';
import { useSessionView } from '../features/session/use-session-view';
import { usePageTitle } from '../look';
import { useSessionNavFacts } from '../ui/nav-facts';
import { PageLoader } from '../ui/page-loader';
import { QrCode } from '../ui/qr-code';

/** The rules briefing of the player's game, read live (it names their role and its neighbours). */
function SeatRules({ gameId }: { gameId: string }) {
  const { view } = useGameView(gameId);
  // A session's rounds are beer games.
  return view?.gameType === 'beergame' ? <BeerRules view={view} /> : null;
}

const parts: LobbyParts = { confirmJoin: joinUntilSeated, QrCode, SeatRules };

/** `/session/:sid/lobby`: where players take their seat and wait for each round; the instructor's projector view. */
export function SessionLobbyPage() {
  const { sid = '' } = useParams();
  const { view } = useSessionView(sid);
  usePageTitle(view?.name ?? null);
  useSessionNavFacts(view);
  if (!view) return <PageLoader />;
  return <SessionLobby view={view} parts={parts} />;
}
