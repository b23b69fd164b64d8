/**
 * The campaign's tracking URL: a read-only field with a copy button that says "Copied" for a moment, an optional
 * "Test link" that opens the link (without the sub placeholders) in a new tab, and a compact copy button for a
 * table cell.
 */
import { CheckOutlined, CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography, theme } from 'antd';
import { useCampaignsT } from './i18n';
import { testLinkOf } from './model';
import { useCopy } from '../../../components/CopyButton';

export const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/** the shared copy state, with the campaigns' own "could not copy" */
function useLinkCopy(text: string) {
  const { t } = useCampaignsT();
  return useCopy(text, t('link.copyFailed'));
}

export function TrackingLinkField({
  url,
  withTest = false,
  testId = 'tracking-url',
}: {
  url: string;
  withTest?: boolean;
  testId?: string;
}) {
  const { t } = useCampaignsT();
  const { token } = theme.useToken();
  const { copied, copy } = useLinkCopy(url);
  return (
    <Flex vertical gap={6}>
      <Flex gap={8} align="stretch" wrap>
        <Typography.Text
          aria-label={t('link.label')}
          style={{
            ...MONO,
            flex: '1 1 480px',
            minWidth: 0,
            fontSize: 13,
            lineHeight: 1.6,
            padding: '8px 12px',
            wordBreak: 'break-all',
            borderRadius: token.borderRadius,
            border: `1px solid ${token.colorBorder}`,
            background: token.colorFillQuaternary,
          }}
          data-testid={testId}
        >
          {url}
        </Typography.Text>
        <Flex gap={8} align="center">
          <Button
            type={copied ? 'default' : 'primary'}
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy()}
            style={{ minWidth: 104 }}
            data-testid={`${testId}-copy`}
          >
            {copied ? t('link.copied') : t('link.copy')}
          </Button>
          {withTest ? (
            <Tooltip title={t('link.testHint')}>
              <Button
                icon={<ExportOutlined />}
                href={testLinkOf(url)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`${testId}-test`}
              >
                {t('link.test')}
              </Button>
            </Tooltip>
          ) : null}
        </Flex>
      </Flex>
      {copied ? (
        <Typography.Text type="success" style={{ fontSize: 12 }} aria-live="polite" data-testid={`${testId}-copied`}>
          <CheckOutlined /> {t('link.copiedLong')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The link in a table cell: its host (a parked domain, or the main host) over the `/c/<key>` path, and a copy button. */
export function TrackingLinkCell({ url, parked, testId }: { url: string; parked: boolean; testId?: string }) {
  const { t } = useCampaignsT();
  const { copied, copy } = useLinkCopy(url);
  let host = '';
  let path = url;
  try {
    const u = new URL(url);
    host = u.host;
    path = u.pathname;
  } catch {
    // shown as it is
  }
  return (
    <Flex align="center" gap={4} style={{ maxWidth: 200 }}>
      <Tooltip title={url}>
        <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
          <Typography.Text ellipsis type={parked ? undefined : 'secondary'} style={{ fontSize: 13 }}>
            {parked ? host : t('list.mainHost')}
          </Typography.Text>
          <Typography.Text ellipsis type="secondary" style={{ ...MONO, fontSize: 12 }}>
            {path}
          </Typography.Text>
        </Flex>
      </Tooltip>
      <Tooltip title={copied ? t('link.copied') : t('link.copy')}>
        <Button
          size="small"
          type="text"
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
          aria-label={t('link.copy')}
          data-testid={testId}
        />
      </Tooltip>
    </Flex>
  );
}
