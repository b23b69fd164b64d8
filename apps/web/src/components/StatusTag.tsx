/** A status shown the same way everywhere: colour by meaning, label through i18n `status.<value>`. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  active: 'success',
  approved: 'success',
  paid: 'success',
  valid: 'success',
  sent: 'success',
  inactive: 'default',
  draft: 'gold',
  pending: 'processing',
  new: 'processing',
  hold: 'warning',
  unpaid: 'warning',
  unsent: 'warning',
  test: 'purple',
  blocked: 'error',
  rejected: 'error',
  declined: 'error',
  invalid: 'error',
  failed: 'error',
  trash: 'default',
  duplicate: 'orange',
  deleted: 'default',
  offer_revoked: 'orange',
};

const humanize = (value: string) => value.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export function StatusTag({ status, color }: { status: string | null | undefined; color?: string }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Tag color={color ?? COLORS[status] ?? 'default'} variant="filled" style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`, { defaultValue: humanize(status) })}
    </Tag>
  );
}
