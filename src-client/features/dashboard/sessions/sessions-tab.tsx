import { lazy, Suspense } from 'react';
import { loadChunk } from '../../../load-chunk';
import { PageLoader } from '../../../ui/page-loader';
import type { MapPreview } from '../game-settings/settings-form';
import { SessionsList } from './sessions-list';

// The editor carries the game templates and settings: it loads when a session is opened.
const SessionEditor = lazy(async () => ({
  default: (await loadChunk(() => import('./session-editor'))).SessionEditor,
}));

/** The dashboard's sessions tab: the instructor's sessions, or one session's editor (its subtab). */
export function SessionsTab({ subtab, mapPreview }: { subtab?: string; mapPreview: MapPreview }) {
  if (!subtab) return <SessionsList />;
  return (
    <Suspense fallback={<PageLoader />}>
      {/* Keyed by session: another session's editor starts from its own setup. */}
      <SessionEditor key={subtab} sessionId={subtab} mapPreview={mapPreview} />
    </Suspense>
  );
}
