/** The frame of a screen: its title row (with optional actions) and its content. */
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

export function Page({ title, subtitle, extra, children }: PageProps) {
  return (
    <Flex vertical gap={20} style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0, fontWeight: 650, letterSpacing: '-0.01em' }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {subtitle}
            </Typography.Text>
          ) : null}
        </div>
        {extra ? <Flex gap={8}>{extra}</Flex> : null}
      </Flex>
      {children}
    </Flex>
  );
}
