/** Small pieces of the postback-log screens: the result tag, the response code, the lead / conversion links, named entities. */
import { Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { usePostbackLogsT } from './i18n';
import { CellText } from '../../../components/table/CellText';

export function SuccessTag({ success }: { success: boolean }) {
  const { t } = usePostbackLogsT();
  return (
    <Tag color={success ? 'green' : 'red'} style={{ marginInlineEnd: 0 }}>
      {success ? t('success.yes') : t('success.no')}
    </Tag>
  );
}

export function ResponseCode({ code }: { code: number | null }) {
  if (code === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const type = code >= 200 && code < 300 ? 'success' : code >= 400 ? 'danger' : 'warning';
  return (
    <Typography.Text type={type} style={{ fontFamily: 'monospace' }}>
      {code}
    </Typography.Text>
  );
}

export function TargetCell({ leadId, conversionId }: { leadId: number | null; conversionId: number | null }) {
  const { t } = usePostbackLogsT();
  if (leadId === null && conversionId === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
      {leadId !== null ? <Link to={`/leads?search=${leadId}`}>{t('lead', { id: leadId })}</Link> : null}
      {conversionId !== null ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('conversion', { id: conversionId })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** an entity of a log by its title (a link when `to` is given) over a secondary line; its id when the title is gone */
export function NamedRef({ id, title, sub, to }: { id: number | null; title?: string | null; sub?: string | null; to?: string }) {
  if (id === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const label = title || `#${id}`;
  return (
    <Flex vertical style={{ lineHeight: 1.3, minWidth: 0, maxWidth: 200 }}>
      {to ? (
        <Link to={to} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={label}>
          {label}
        </Link>
      ) : (
        <CellText>{label}</CellText>
      )}
      {sub ? (
        <CellText type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </CellText>
      ) : null}
    </Flex>
  );
}
