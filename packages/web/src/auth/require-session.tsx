import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { useMe } from './use-me';

/** Where an account that must choose its own password is kept until it has (SPEC Y1, O4). */
export const CHANGE_PASSWORD_PATH = '/account/password';

/**
 * Renders the signed-in pages, or sends the visitor to sign in (and back here afterwards). An
 * account still on a one-time or admin-set password sees only the change-password page: every
 * other address leads there until the server says the password is the owner's own.
 */
export function RequireSession() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageLoader />;
  if (me.isError) return <QueryError error={me.error} onRetry={() => void me.refetch()} />;
  if (me.data === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (me.data.passwordChangeRequired && location.pathname !== CHANGE_PASSWORD_PATH)
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <Outlet />;
}
