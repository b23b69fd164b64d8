/** The root of every route: the session, white-label favicon and the app-wide popups. */
import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { usePublicSettings } from '../api/settings';
import { AdBlockDetector, ServerErrorModal, UpdateRequiredModal } from './GlobalPopups';
import { SessionProvider } from './session';

const DEFAULT_FAVICON = '/favicon.svg';

function WhiteLabelFavicon() {
  const { data } = usePublicSettings();
  const href = data?.faviconUrl || DEFAULT_FAVICON;
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [href]);
  return null;
}

export function Root() {
  return (
    <SessionProvider>
      <WhiteLabelFavicon />
      <ScrollRestoration />
      <Outlet />
      <ServerErrorModal />
      <UpdateRequiredModal />
      <AdBlockDetector />
    </SessionProvider>
  );
}
