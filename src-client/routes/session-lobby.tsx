import { useParams } from 'react-router';
import { PageLoader } from '../ui/page-loader';

/** `/session/:sid/lobby`: (being built) the players' lobby. */
export function SessionLobbyPage() {
  useParams();
  return <PageLoader />;
}
