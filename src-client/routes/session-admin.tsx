import { PageLoader } from '../ui/page-loader';

/** (being built) the admins' pages of a session. */
export function SessionFollowUpPage() {
  return <PageLoader />;
}
export function SessionResponsesPage() {
  return <PageLoader />;
}
export function SessionResultsPage() {
  return <PageLoader />;
}
