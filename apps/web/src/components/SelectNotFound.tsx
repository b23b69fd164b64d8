/**
 * What a select whose options come from the server shows when it has none to offer: a spinner while they load, then why
 * the list is empty — in red when the load failed, in grey when nothing matches (or the select's own word for an empty
 * list, such as "no integrations yet"). Every such select in components/ and features/ gives it to antd's
 * `notFoundContent` (docs/decisions/web.md, "One empty state for the server-search selects").
 */
import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SelectNotFoundProps {
  loading: boolean;
  error: unknown;
  /** the text of an empty answer; "Nothing found" by default */
  nothing?: ReactNode;
  /** the text of a failed load; "The list could not be loaded" by default */
  failed?: ReactNode;
}

export function SelectNotFound({ loading, error, nothing, failed }: SelectNotFoundProps) {
  const { t } = useTranslation();
  if (loading) return <Spin size="small" style={{ display: 'block', margin: '8px auto' }} />;
  if (error) return <Typography.Text type="danger">{failed ?? t('common.listFailed')}</Typography.Text>;
  return <Typography.Text type="secondary">{nothing ?? t('common.nothingFound')}</Typography.Text>;
}
