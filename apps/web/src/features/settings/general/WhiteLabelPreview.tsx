/** How the white label looks: the browser tab (favicon and title) and the sidebar brand on light and dark. */
import { CloseOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import { LogoMark } from '../../../components/illustrations';
import { useSettingsT } from './i18n';

function BrandTile({ dark, name, logoUrl }: { dark: boolean; name: string; logoUrl: string | null }) {
  return (
    <Flex
      align="center"
      gap={10}
      style={{
        flex: 1,
        minWidth: 0,
        height: 60,
        padding: '0 16px',
        borderRadius: 10,
        background: dark ? '#14171f' : '#ffffff',
        border: `1px solid ${dark ? '#232836' : '#eceef3'}`,
      }}
    >
      {logoUrl ? (
        <img src={logoUrl} alt="" style={{ height: 30, width: 'auto', maxWidth: 120, objectFit: 'contain' }} />
      ) : (
        <LogoMark size={30} />
      )}
      <span
        style={{
          color: dark ? 'rgba(255,255,255,0.88)' : 'rgba(0,0,0,0.88)',
          fontWeight: 600,
          fontSize: 15,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {name}
      </span>
    </Flex>
  );
}

export function WhiteLabelPreview({ name, logoUrl, faviconUrl }: { name: string; logoUrl: string | null; faviconUrl: string | null }) {
  const { t } = useSettingsT();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={14} data-testid="white-label-preview">
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('general.preview.tab')}
        </Typography.Text>
        <div
          style={{
            marginTop: 6,
            padding: '8px 10px 0',
            background: token.colorFillTertiary,
            borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
          }}
        >
          <Flex
            align="center"
            gap={8}
            style={{
              width: 250,
              maxWidth: '100%',
              height: 34,
              padding: '0 12px',
              background: token.colorBgContainer,
              borderRadius: '8px 8px 0 0',
              fontSize: 13,
            }}
          >
            {faviconUrl ? <img src={faviconUrl} alt="" width={16} height={16} style={{ objectFit: 'contain' }} /> : <LogoMark size={16} />}
            <Typography.Text ellipsis style={{ flex: 1, fontSize: 13 }}>
              {t('general.preview.tabTitle', { name })}
            </Typography.Text>
            <CloseOutlined style={{ fontSize: 10, opacity: 0.45 }} />
          </Flex>
        </div>
      </div>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('general.preview.sidebar')}
        </Typography.Text>
        <Flex gap={10} wrap style={{ marginTop: 6 }}>
          <BrandTile dark={false} name={name} logoUrl={logoUrl} />
          <BrandTile dark name={name} logoUrl={logoUrl} />
        </Flex>
      </div>
    </Flex>
  );
}
