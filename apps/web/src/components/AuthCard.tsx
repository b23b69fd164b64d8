/**
 * The centred card of the auth screens; `wide` is the data-filling variant (spec §2). A plain themed box rather
 * than antd Card, whose tabs and skeleton the login page would otherwise load (docs/decisions/web.md).
 */
import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';

export function AuthCard({ title, subtitle, wide = false, children }: { title: ReactNode; subtitle?: ReactNode; wide?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      className="lg-auth-card"
      style={{
        width: '100%',
        maxWidth: wide ? 640 : 420,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: '0 12px 40px -12px rgba(15, 23, 42, 0.18), 0 2px 6px rgba(15, 23, 42, 0.05)',
        padding: wide ? '36px 40px' : '36px 36px 32px',
        color: token.colorText,
      }}
    >
      <Typography.Title level={3} style={{ margin: 0, fontWeight: 700, letterSpacing: '-0.02em' }}>
        {title}
      </Typography.Title>
      {subtitle ? (
        <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
          {subtitle}
        </Typography.Paragraph>
      ) : null}
      <div style={{ marginTop: 24 }}>{children}</div>
    </section>
  );
}
