/**
 * Route guards (product §6): unauthenticated users go to /login, authenticated users leave the auth
 * screens, a route without its permission redirects to the default page and sets the wrong-permissions
 * flag, and a path whose id or tab is not valid is not found.
 */
import { defaultPagePath } from '@leadgrid/shared/access/permissions';
import { INT_MAX } from '@leadgrid/shared/constants';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams, type Location } from 'react-router';
import { ApiError } from '../api/client';
import { LineLoader } from '../components/LineLoader';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { allowed, isAffiliate, wrongPermissionsStore } from './access';
import { NotFoundPage, ServerErrorPage } from './errors/ErrorPages';
import type { PageRoute, RedirectRoute } from './routes';
import { useSession } from './session';

export const TWO_FACTOR_SETUP_PATH = '/profile/security';

/**
 * Signed-in area: no session -> /login; until the user is loaded, the line loader. A user whose role requires
 * two-factor sign-in it has not set up reaches its set-up only (the server answers nothing else either).
 */
export function RequireAuth() {
  const { hasSession, user, userError } = useSession();
  const location = useLocation();
  if (!hasSession) return <Navigate to="/login" replace state={{ from: location }} />;
  if (user?.twoFactorSetupRequired && location.pathname !== TWO_FACTOR_SETUP_PATH) return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  if (user) return <Outlet />;
  if (userError) {
    if (userError instanceof ApiError && userError.status === 401) return <LineLoader />;
    return <ServerErrorPage status={userError instanceof ApiError && userError.status ? userError.status : 500} />;
  }
  return <LineLoader />;
}

/** Auth screens: a signed-in user goes back where they came from, or to the index. */
export function RequireGuest() {
  const { hasSession } = useSession();
  const location = useLocation();
  if (hasSession) {
    const from = (location.state as { from?: Location } | null)?.from;
    const to = from && !/^\/(login|registration)/.test(from.pathname) ? `${from.pathname}${from.search}` : '/';
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}

const isId = (v: string) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= INT_MAX;

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function paramsValid(route: Pick<PageRoute, 'tabs' | 'uuidId'>, params: Record<string, string | undefined>): boolean {
  if (params.id !== undefined && !(route.uuidId ? isUuid(params.id) : isId(params.id))) return false;
  if (params.tab !== undefined && !(route.tabs ?? []).includes(params.tab)) return false;
  return true;
}

/** the 403 result, loaded only when shown (antd Result carries large illustrations) */
/** a section without its screen yet: title and empty state (antd Card brings Tabs, so not in the shell) */
const SectionEmpty = lazy(() => import('../components/SectionEmpty').then((m) => ({ default: m.SectionEmpty })));
const NoAccess = lazy(() => import('./errors/NoAccess').then((m) => ({ default: m.NoAccess })));

/** Missing permission: back to the default page, with the wrong-permissions flag set (product §6). */
export function PermissionRedirect({ quiet = false }: { quiet?: boolean }) {
  const { access } = useSession();
  const location = useLocation();
  const target = access ? defaultPagePath(access) : '/login';
  useEffect(() => {
    if (!quiet && location.pathname !== target) wrongPermissionsStore.set(true);
  }, [quiet, location.pathname, target]);
  if (location.pathname === target)
    return (
      <Suspense fallback={<LineLoader />}>
        <NoAccess />
      </Suspense>
    );
  return <Navigate to={target} replace />;
}

export function PageLoading() {
  return <LineLoader />;
}

/** One screen of the route table, behind its checks. */
export function RouteView({ route }: { route: PageRoute }) {
  const { t } = useTranslation();
  const { access } = useSession();
  const params = useParams();
  const valid = paramsValid(route, params);
  const title = t(route.title);
  useDocumentTitle(valid ? title : t('errors.notFound.pageTitle'));
  if (!valid) return <NotFoundPage />;
  if (!allowed(access, route.access)) return <PermissionRedirect quiet={route.quietRedirect} />;
  const Screen = route.affiliatePage && access && isAffiliate(access) ? route.affiliatePage : route.page;
  return <Suspense fallback={<PageLoading />}>{Screen ? <Screen /> : <SectionEmpty title={title} />}</Suspense>;
}

/** A path that only leads elsewhere (e.g. /clicks -> /clicks/valid). */
export function RedirectView({ route }: { route: RedirectRoute }) {
  const { access } = useSession();
  const location = useLocation();
  if (!access) return <Navigate to="/login" replace />;
  const to = typeof route.redirect === 'function' ? route.redirect(access) : route.redirect;
  return <Navigate to={`${to}${location.search}`} replace />;
}
