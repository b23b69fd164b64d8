/**
 * The campaign's tracking URL: a read-only field with a copy button that says "Copied" for a moment, an optional
 * "Test link" that opens the link (without the sub placeholders) in a new tab, and a compact copy button for a
 * table cell.
 */
import { CheckOutlined, CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { notify } from '../../api/notify';
import { useCampaignsT } from './i18n';
import { testLinkOf } from './model';

export const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/** The clipboard API where the page may use it (https, localhost), the older copy command elsewhere. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the copy command
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** `copied` turns true after a successful copy and back after two seconds. */
function useCopy(text: string) {
  const { t } = useCampaignsT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await writeClipboard(text)) setCopied(true);
    else notify.error(t('link.copyFailed'));
  };
  return { copied, copy };
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
  const { copied, copy } = useCopy(url);
  return (
    <Flex vertical gap={6}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={url}
          aria-label={t('link.label')}
          onFocus={(e) => e.currentTarget.select()}
          style={{ ...MONO, fontSize: 13 }}
          data-testid={testId}
        />
        <Button
          type={copied ? 'default' : 'primary'}
          icon={copied ? <CheckOutlined /> : <CopyOutlined />}
          onClick={() => void copy()}
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
      </Space.Compact>
      <Typography.Text
        type="success"
        style={{ fontSize: 12, minHeight: 18, visibility: copied ? 'visible' : 'hidden' }}
        aria-live="polite"
        data-testid={`${testId}-copied`}
      >
        {copied ? t('link.copiedLong') : ''}
      </Typography.Text>
    </Flex>
  );
}

/** The link in a table cell: the path after the host, and a copy button. */
export function TrackingLinkCell({ url, testId }: { url: string; testId?: string }) {
  const { t } = useCampaignsT();
  const { copied, copy } = useCopy(url);
  let short = url;
  try {
    const u = new URL(url);
    short = `${u.host}${u.pathname}`;
  } catch {
    // shown as it is
  }
  return (
    <Flex align="center" gap={4} style={{ maxWidth: 260 }}>
      <Tooltip title={url}>
        <Typography.Text ellipsis style={{ ...MONO, fontSize: 12, minWidth: 0 }}>
          {short}
        </Typography.Text>
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
