/** Small pieces of the postback-log screens: the result tag, the response code, the lead / conversion links, named entities. */
import { Link } from 'react-router';
import { usePostbackLogsT } from './i18n';
import { LightTag } from '../../../components/LightTag';
import { CellSecondary, CellStack, CellText, Dash } from '../../../components/table/cells';

export function SuccessTag({ success }: { success: boolean }) {
  const { t } = usePostbackLogsT();
  return <LightTag color={success ? 'green' : 'red'}>{success ? t('success.yes') : t('success.no')}</LightTag>;
}

export function ResponseCode({ code }: { code: number | null }) {
  if (code === null) return <Dash />;
  const type = code >= 200 && code < 300 ? 'success' : code >= 400 ? 'danger' : 'warning';
  return (
    <span className={`lg-cell-${type}`} style={{ fontFamily: 'monospace' }}>
      {code}
    </span>
  );
}

export function TargetCell({ leadId, conversionId }: { leadId: number | null; conversionId: number | null }) {
  const { t } = usePostbackLogsT();
  if (leadId === null && conversionId === null) return <Dash />;
  return (
    <CellStack style={{ lineHeight: 1.3, whiteSpace: 'nowrap' }}>
      {leadId !== null ? <Link to={`/leads?search=${leadId}`}>{t('lead', { id: leadId })}</Link> : null}
      {conversionId !== null ? <CellSecondary small>{t('conversion', { id: conversionId })}</CellSecondary> : null}
    </CellStack>
  );
}

/** an entity of a log by its title (a link when `to` is given) over a secondary line; its id when the title is gone */
export function NamedRef({ id, title, sub, to }: { id: number | null; title?: string | null; sub?: string | null; to?: string }) {
  if (id === null) return <Dash />;
  const label = title || `#${id}`;
  return (
    <CellStack style={{ lineHeight: 1.3, maxWidth: 200 }}>
      {to ? (
        <Link to={to} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={label}>
          {label}
        </Link>
      ) : (
        <CellText>{label}</CellText>
      )}
      {sub ? (
        <CellText type="secondary" small>
          {sub}
        </CellText>
      ) : null}
    </CellStack>
  );
}
