/** The affiliate's lead API token: shown masked, copied, and regenerated after a confirmation. */
import { EyeInvisibleOutlined, EyeOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import type { User } from '@leadgrid/shared/access/users';
import { App, Button, Card, Flex, Input, Space, Tooltip, Typography, theme } from 'antd';
import { useState } from 'react';
import { useRegenerateLeadToken } from './api';
import { CopyButton } from '../../../components/CopyButton';
import { useProfileT } from './i18n';

const mask = (token: string) => `${token.slice(0, 4)}${'•'.repeat(Math.max(8, token.length - 8))}${token.slice(-4)}`;

export function LeadApiTokenCard({ user }: { user: User }) {
  const { t } = useProfileT();
  const { modal } = App.useApp();
  const { token: design } = theme.useToken();
  const regenerate = useRegenerateLeadToken(user.id);
  const [shown, setShown] = useState(false);
  const apiToken = user.apiToken ?? '';

  const confirm = () =>
    modal.confirm({
      title: t('about.leadToken.confirmTitle'),
      content: t('about.leadToken.confirmText'),
      okText: t('about.leadToken.regenerate'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
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
          {t('about.leadToken.title')}
        </Flex>
      }
      data-testid="lead-token-card"
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('about.leadToken.text')}
      </Typography.Paragraph>
      {apiToken ? (
        <Flex gap={8} wrap>
          <Space.Compact style={{ flex: 1, minWidth: 260 }}>
            <Input
              readOnly
              value={shown ? apiToken : mask(apiToken)}
              style={{ fontFamily: design.fontFamilyCode }}
              aria-label={t('about.leadToken.title')}
              data-testid="lead-token-value"
            />
            <Tooltip title={shown ? t('about.leadToken.hide') : t('about.leadToken.show')}>
              <Button
                icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => setShown((v) => !v)}
                aria-label={shown ? t('about.leadToken.hide') : t('about.leadToken.show')}
              />
            </Tooltip>
            <CopyButton text={apiToken} />
          </Space.Compact>
          <Button danger icon={<ReloadOutlined />} onClick={confirm} loading={regenerate.isPending}>
            {t('about.leadToken.regenerate')}
          </Button>
        </Flex>
      ) : (
        <Flex gap={12} align="center" wrap>
          <Typography.Text type="secondary">{t('about.leadToken.none')}</Typography.Text>
          <Button type="primary" icon={<KeyOutlined />} onClick={confirm} loading={regenerate.isPending}>
            {t('about.leadToken.issue')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
