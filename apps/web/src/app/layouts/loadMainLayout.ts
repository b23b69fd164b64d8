/**
 * The signed-in frame's chunk loader, shared by the router (which renders it) and the auth layout (which fetches it
 * once the login page is idle, so signing in does not wait for it — it still does not count in the login page's
 * first load: docs/decisions/web.md).
 */
export const loadMainLayout = () => import('./MainLayout');

/** Starts fetching the signed-in frame when the browser is idle (at most once; the module cache keeps it). */
export function preloadMainLayout(): () => void {
  const start = () => void loadMainLayout().catch(() => undefined);
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 500);
  return () => window.clearTimeout(id);
}
