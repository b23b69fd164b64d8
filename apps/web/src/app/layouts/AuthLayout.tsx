/** The auth layout (product §2): a header and centred content; no antd (styles/auth.css, docs/decisions/web.md first-load budgets). */
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSystemName } from '../../api/settings';
import { AuthBrand, AuthLanguageSwitch, AuthThemeSwitch } from './AuthControls';
import { preloadMainLayout } from './loadMainLayout';

export function AuthLayout() {
  const name = useSystemName();
  // the signed-in frame is fetched while the user types, so signing in does not wait for it
  useEffect(() => preloadMainLayout(), []);
  return (
    <div className="lg-auth-layout">
      <header className="lg-auth-header">
        <AuthBrand />
        <div className="lg-auth-tools">
          <AuthLanguageSwitch />
          <AuthThemeSwitch />
        </div>
      </header>
      <main className="lg-auth-main">
        <Outlet />
      </main>
      <span className="lg-auth-footer">
        © {new Date().getFullYear()} {name}
      </span>
    </div>
  );
}
