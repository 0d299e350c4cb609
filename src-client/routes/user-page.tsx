import { useParams } from 'react-router';
import { PublicPage } from '../features/portal/public-page';

/** `/user/{uid}`: an instructor's public page by owner id, workspace id or slug (spec, routes), open to anyone. */
export function UserPage() {
  const { uid = '' } = useParams();
  return <PublicPage key={uid} address={uid} />;
}
