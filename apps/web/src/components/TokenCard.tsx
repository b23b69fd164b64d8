/**
 * An API token on a record's page: shown masked until revealed, copied, and regenerated (or issued) after a
 * confirmation (the old token stops working at once). Each page passes its own texts (the affiliate's lead API
 * token, the advertiser's token).
 */
import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Space, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { CopyButton } from './CopyButton';

const mask = (token: string) => `${token.slice(0, 4)}${'•'.repeat(Math.max(8, token.length - 8))}${token.slice(-4)}`;

export interface TokenTexts {
  title: string;
  text: string;
  show: string;
  hide: string;
  regenerate: string;
  issue: string;
  none: string;
  confirmTitle: string;
  confirmText: string;
  issueTitle: string;
  issueText: string;
  cancel: string;
}

export function TokenCard({
  token,
  canWrite,
  regenerate,
  pending,
  texts,
  testId = 'token-card',
  valueTestId = `${testId}-value`,
}: {
  token: string | null;
  canWrite: boolean;
  /** issues a new token; a failure is toasted by the client */
  regenerate: () => Promise<unknown>;
  pending: boolean;
  texts: TokenTexts;
  testId?: string;
  valueTestId?: string;
}) {
  const { modal } = App.useApp();
  const { token: design } = theme.useToken();
  const [shown, setShown] = useState(false);
  const apiToken = token ?? '';

  const confirm = () =>
    modal.confirm({
      title: apiToken ? texts.confirmTitle : texts.issueTitle,
      content: apiToken ? texts.confirmText : texts.issueText,
      okText: apiToken ? texts.regenerate : texts.issue,
      okButtonProps: { danger: Boolean(apiToken) },
      cancelText: texts.cancel,
      onOk: async () => {
        try {
          await regenerate();
          setShown(true);
        } catch {
          // toasted by the client
        }
      },
    });

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <KeyOutlined style={{ color: design.colorPrimary }} />
          {texts.title}
        </Flex>
      }
      data-testid={testId}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {texts.text}
      </Typography.Paragraph>
      {apiToken ? (
        <Flex gap={8} wrap>
          <Space.Compact style={{ flex: 1, minWidth: 260 }}>
            <Input
              readOnly
              value={shown ? apiToken : mask(apiToken)}
              style={{ fontFamily: design.fontFamilyCode }}
              aria-label={texts.title}
              data-testid={valueTestId}
            />
            <Tooltip title={shown ? texts.hide : texts.show}>
              <Button
                icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShown((v) => !v)}
                aria-label={shown ? texts.hide : texts.show}
              />
            </Tooltip>
            <CopyButton text={apiToken} />
          </Space.Compact>
          {canWrite ? (
            <Button danger icon={<ReloadOutlined />} onClick={confirm} loading={pending} data-testid="token-regenerate">
              {texts.regenerate}
            </Button>
          ) : null}
        </Flex>
      ) : (
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="secondary">{texts.none}</Typography.Text>
          {canWrite ? (
            <Button type="primary" icon={<KeyOutlined />} onClick={confirm} loading={pending}>
              {texts.issue}
            </Button>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
