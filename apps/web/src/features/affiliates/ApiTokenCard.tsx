/**
 * The affiliate's lead API token on its page: shown (masked until revealed) to staff who may edit the affiliate,
 * copied, and regenerated after a confirmation (the old token stops working at once).
 */
import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { AffiliateDetail } from '@leadgrid/shared/schemas/people';
import { App, Button, Card, Flex, Input, Space, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { CopyButton } from '../profile/CopyButton';
import { useRegenerateAffiliateToken } from './api';
import { useAffiliatesT } from './i18n';

const mask = (token: string) => `${token.slice(0, 4)}${'•'.repeat(Math.max(8, token.length - 8))}${token.slice(-4)}`;

export function ApiTokenCard({ affiliate, canWrite }: { affiliate: AffiliateDetail; canWrite: boolean }) {
  const { t } = useAffiliatesT();
  const { modal } = App.useApp();
  const { token: design } = theme.useToken();
  const regenerate = useRegenerateAffiliateToken(affiliate.id);
  const [shown, setShown] = useState(false);
  const apiToken = affiliate.apiToken ?? '';

  const confirm = () =>
    modal.confirm({
      title: t(apiToken ? 'token.confirmTitle' : 'token.issueTitle'),
      content: t(apiToken ? 'token.confirmText' : 'token.issueText'),
      okText: t(apiToken ? 'token.regenerate' : 'token.issue'),
      okButtonProps: { danger: Boolean(apiToken) },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await regenerate.mutateAsync();
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
          {t('token.title')}
        </Flex>
      }
      data-testid="affiliate-token-card"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('token.text')}
      </Typography.Paragraph>
      {apiToken ? (
        <Flex gap={8} wrap>
          <Space.Compact style={{ flex: 1, minWidth: 260 }}>
            <Input
              readOnly
              value={shown ? apiToken : mask(apiToken)}
              style={{ fontFamily: design.fontFamilyCode }}
              aria-label={t('token.title')}
              data-testid="affiliate-token-value"
            />
            <Tooltip title={shown ? t('token.hide') : t('token.show')}>
              <Button
                icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShown((v) => !v)}
                aria-label={shown ? t('token.hide') : t('token.show')}
              />
            </Tooltip>
            <CopyButton text={apiToken} />
          </Space.Compact>
          {canWrite ? (
            <Button danger icon={<ReloadOutlined />} onClick={confirm} loading={regenerate.isPending} data-testid="token-regenerate">
              {t('token.regenerate')}
            </Button>
          ) : null}
        </Flex>
      ) : (
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="secondary">{t('token.none')}</Typography.Text>
          {canWrite ? (
            <Button type="primary" icon={<KeyOutlined />} onClick={confirm} loading={regenerate.isPending}>
              {t('token.issue')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
