/** A device and browser read from a user agent, with the raw string on hover (logins history, sessions). */
import { ApiOutlined, DesktopOutlined, MobileOutlined, QuestionCircleOutlined, TabletOutlined } from '@ant-design/icons';
import { Flex, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useProfileT } from './i18n';
import { describeUserAgent, type DeviceKind } from './userAgent';

const DEVICE_ICONS: Record<DeviceKind, ReactNode> = {
  desktop: <DesktopOutlined />,
  mobile: <MobileOutlined />,
  tablet: <TabletOutlined />,
  script: <ApiOutlined />,
  unknown: <QuestionCircleOutlined />,
};

export function DeviceCell({ userAgent }: { userAgent: string | null }) {
  const { t } = useProfileT();
  const { token } = theme.useToken();
  const info = describeUserAgent(userAgent);
  const title =
    info.browser && info.os
      ? t('logins.browserOn', { browser: info.browser, os: info.os })
      : (info.browser ?? info.os ?? t('logins.unknownDevice'));
  return (
    <Tooltip title={userAgent || undefined} placement="topLeft">
      <Flex align="center" gap={10} style={{ maxWidth: 360 }}>
        <span style={{ fontSize: 16, color: token.colorTextSecondary }} aria-hidden>
          {DEVICE_ICONS[info.device]}
        </span>
        <Flex vertical style={{ lineHeight: 1.3, minWidth: 0 }}>
          <Typography.Text ellipsis>{title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`logins.device.${info.device}`)}
          </Typography.Text>
        </Flex>
      </Flex>
    </Tooltip>
  );
}
