/**
 * A card of a detail page that lists a few records (an advertiser's integrations, members and offers): the title with
 * its icon and how many there are, the add button in the corner, a line of what the list is when given, then the list.
 */
import { Card, Flex, Typography, theme } from 'antd';
import type { ComponentType, CSSProperties, ReactNode } from 'react';

export function CountCard({
  icon: Icon,
  title,
  count,
  text,
  add,
  testId,
  children,
}: {
  /** the icon before the title, tinted with the primary colour */
  icon: ComponentType<{ style?: CSSProperties }>;
  title: ReactNode;
  /** shown after the title when above zero */
  count: number;
  text?: ReactNode;
  add?: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <Icon style={{ color: token.colorPrimary }} />
          {title}
          {count ? <Typography.Text type="secondary">{count}</Typography.Text> : null}
        </Flex>
      }
      extra={add}
      data-testid={testId}
    >
      {text ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {text}
        </Typography.Paragraph>
      ) : null}
      {children}
    </Card>
  );
}
