/**
 * The centred card of the auth screens; `wide` is the data-filling variant (product §2). Plain elements styled by
 * styles/auth.css: the auth screens load no antd (docs/decisions/web.md, first-load budgets).
 */
import type { ReactNode } from 'react';

export function AuthCard({
  title,
  subtitle,
  wide = false,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`lg-auth-card${wide ? ' is-wide' : ''}`}>
      <h3 className="lg-auth-title">{title}</h3>
      {subtitle ? <p className="lg-auth-muted lg-auth-subtitle">{subtitle}</p> : null}
      <div className="lg-auth-body">{children}</div>
    </section>
  );
}
