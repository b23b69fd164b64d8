/** The router built from the route table: auth screens, the signed-in area, redirects and 404. */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LineLoader } from '../components/LineLoader';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { NotFoundPage } from './errors/ErrorPages';
import { RedirectView, RequireAuth, RequireGuest, RouteView } from './guards';
import { AuthLayout } from './layouts/AuthLayout';
import { loadMainLayout } from './layouts/loadMainLayout';
import { Root } from './Root';
import { AUTH_ROUTES, MAIN_ROUTES, REDIRECTS, type PageRoute } from './routes';

const pageObject = (route: PageRoute): RouteObject => ({
  id: route.id,
  path: route.path,
  element: <RouteView route={route} />,
  errorElement: <RouteErrorPage />,
});

/**
 * The signed-in frame (sidebar, header, banners, their menus and antd parts) is a chunk of its own: the login
 * page loads only its form (docs/decisions/web.md, first-load budgets).
 */
const MainLayout = lazy(() => loadMainLayout().then((m) => ({ default: m.MainLayout })));

function SignedInFrame() {
  return (
    <Suspense fallback={<LineLoader />}>
      <MainLayout />
    </Suspense>
  );
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <RouteErrorPage />,
          children: [
            { element: <RequireGuest />, children: [{ element: <AuthLayout />, children: AUTH_ROUTES.map(pageObject) }] },
            {
              element: <RequireAuth />,
              children: [
                {
                  element: <SignedInFrame />,
                  errorElement: <RouteErrorPage />,
                  children: [
                    ...MAIN_ROUTES.map(pageObject),
                    ...REDIRECTS.map((r): RouteObject => ({ id: `redirect.${r.id}`, path: r.path, element: <RedirectView route={r} /> })),
                    { id: 'notFound', path: '*', element: <NotFoundPage /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(buildRoutes());
