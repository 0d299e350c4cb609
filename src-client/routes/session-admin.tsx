/**
 * `/session/:sid/follow-up`, `/responses` and `/results`: a session's admin pages, under one nav.
 * The live view comes from `useSessionView`, which leaves the page with the server's message when
 * the viewer may not open the session (follow-up and responses are for its admins only).
 */
import { Box, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { SessionView } from '../../src-shared/session';
import { SessionAdminNav } from '../features/session/admin-nav';
import { FollowUp } from '../features/session/follow-up';
import { SessionResponses } from '../features/session/responses';
import { SessionResults } from '../features/session/results';
import { useSessionView } from '../features/session/use-session-view';
import { usePageTitle } from '../look';
import { paths, type SessionPage } from '../paths';
import { PageLoader } from '../ui/page-loader';

/**
 * The page's frame: wider than the app's usual column, since the follow-up is read on a projector
 * 1920 px wide; the nav for admins only (a player reading results sees them without it).
 */
function SessionAdminFrame({
  page,
  children,
}: {
  page: SessionPage;
  children: (view: SessionView) => ReactNode;
}) {
  const { sid = '' } = useParams();
  const { view } = useSessionView(sid);
  usePageTitle(view?.name ?? '');
  if (!view) return <PageLoader />;
  // Spec point 2: follow-up (and responses) are for the session's admins; the lobby is for others.
  if (!view.isAdmin && page !== 'results') return <Navigate to={paths.session(sid, 'lobby')} replace />;
  return (
    <Box
      className="session-admin-wide"
      style={{
        width: 'min(1800px, calc(100vw - 32px))',
        marginInline: 'calc((100% - min(1800px, 100vw - 32px)) / 2)',
      }}
    >
      <Stack gap="md">
        {view.isAdmin && <SessionAdminNav view={view} page={page} />}
        {children(view)}
      </Stack>
    </Box>
  );
}

export function SessionFollowUpPage() {
  return <SessionAdminFrame page="follow-up">{(view) => <FollowUp view={view} />}</SessionAdminFrame>;
}
export function SessionResponsesPage() {
  return <SessionAdminFrame page="responses">{(view) => <SessionResponses view={view} />}</SessionAdminFrame>;
}
export function SessionResultsPage() {
  return <SessionAdminFrame page="results">{(view) => <SessionResults view={view} />}</SessionAdminFrame>;
}
