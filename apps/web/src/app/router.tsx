/** The router built from the route table: auth screens, the signed-in area, redirects and 404. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './errors/ErrorPages';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { RedirectView, RequireAuth, RequireGuest, RouteView } from './guards';
import { AuthLayout } from './layouts/AuthLayout';
import { MainLayout } from './layouts/MainLayout';
import { Root } from './Root';
import { AUTH_ROUTES, MAIN_ROUTES, REDIRECTS, type PageRoute } from './routes';

const pageObject = (route: PageRoute): RouteObject => ({
  id: route.id,
  path: route.path,
  element: <RouteView route={route} />,
  errorElement: <RouteErrorPage />,
});

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
                  element: <MainLayout />,
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
