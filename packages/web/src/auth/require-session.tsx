import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../app/page-loader';
import { QueryError } from '../app/query-error';
import { useMe } from './use-me';

/** Renders the signed-in pages, or sends the visitor to sign in (and back here afterwards). */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageLoader />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}
