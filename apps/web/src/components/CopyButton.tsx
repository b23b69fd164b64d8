/** Copies a text (a secret, a command) to the clipboard and says so for a moment. */
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip, type ButtonProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../api/notify';

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

/** copies `text`: `copied` turns true after a successful copy and back after two seconds; a failure is told as
 * `failed` (the common "could not copy" by default) */
export function useCopy(text: string, failed?: string) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    if (await writeClipboard(text)) setCopied(true);
    else notify.error(failed ?? t('common.copyFailed'));
  };
  return { copied, copy };
}

export function CopyButton({ text, label, ...rest }: { text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(text);
  return (
    <Tooltip title={copied ? t('common.copied') : t('common.copy')}>
      <Button icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()} aria-label={t('common.copy')} {...rest}>
        {label}
      </Button>
    </Tooltip>
  );
}

/** A small copy icon after a text in a table cell (antd Typography's `copyable` look), a plain button: one per row */
export function CopyInline({ text, copiedTitle }: { text: string; copiedTitle?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy(text);
  return (
    <button
      type="button"
      className="lg-copy-inline"
      onClick={() => void copy()}
      aria-label={t('common.copy')}
      title={copied ? (copiedTitle ?? t('common.copied')) : text}
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
}
