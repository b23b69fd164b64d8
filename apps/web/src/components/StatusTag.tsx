/** A status shown the same way everywhere: colour by meaning, label through i18n `status.<value>`. */
import { LightTag } from './LightTag';
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

/** `title`: what the status means for this record (a reason), on hover */
export function StatusTag({ status, color, title }: { status: string | null | undefined; color?: string; title?: string }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <LightTag color={color ?? COLORS[status] ?? 'default'} title={title}>
      {t(`status.${status}`, { defaultValue: humanize(status) })}
    </LightTag>
  );
}
