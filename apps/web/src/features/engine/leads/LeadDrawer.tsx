/**
 * One lead in a drawer (opened from the list, `?lead=<id>` in the URL so it can be shared): its fields, subs and
 * vertical fields; its history (lead_events, oldest first); for staff the sending-to-advertiser history (each attempt:
 * advertiser, request, response code and body, parsed result, time taken); and the actions the server says the user
 * may take on it now.
 */
import { DeleteOutlined, EditOutlined, RedoOutlined, StarOutlined } from '@ant-design/icons';
import type { LeadAdvertiserDataItem, LeadDetail, LeadHistoryItem } from '@leadgrid/shared/engine/leads';
import { Alert, Button, Collapse, Descriptions, Drawer, Empty, Flex, Result, Skeleton, Tabs, Tag, Timeline, Typography } from 'antd';
import type { DescriptionsItemType } from 'antd/es/descriptions';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../app/session';
import { formatDateTime } from '../../../components/format';
import { StatusTag } from '../../../components/StatusTag';
import { useLeadActions } from './actions';
import { useLead, useLeadAdvertiserData, useLeadHistory } from './api';
import { useLeadsT } from './i18n';
import { LeadEditDrawer } from './LeadEditDrawer';
import { leadName, subsOf } from './parts';
import { OutcomeAlert, type OutcomeText } from '../../../components/OutcomeAlert';
import { personName } from '../../../components/format';
import { Dash } from '../../../components/table/cells';

const EVENT_COLORS: Record<string, string> = {
  failed: 'red',
  trash: 'red',
  unsent: 'orange',
  hold: 'orange',
  sent: 'green',
  released: 'green',
};
const RESULT_COLORS: Record<string, string> = { accepted: 'success', rejected: 'warning', error: 'error', timeout: 'error' };

const text = (v: unknown): ReactNode => (v === null || v === undefined || v === '' ? <Dash /> : String(v));
const mono = (v: string | null | undefined) =>
  v ? (
    <Typography.Text copyable style={{ fontFamily: 'var(--ant-font-family-code)', fontSize: 12, wordBreak: 'break-all' }}>
      {v}
    </Typography.Text>
  ) : (
    <Dash />
  );

function Code({ children }: { children: string }) {
  return (
    <pre
      style={{
        margin: 0,
        padding: '8px 10px',
        maxHeight: 240,
        overflow: 'auto',
        fontSize: 12,
        background: 'var(--ant-color-fill-quaternary)',
        borderRadius: 6,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {children}
    </pre>
  );
}

function Details({ lead, staff }: { lead: LeadDetail; staff: boolean }) {
  const { t } = useLeadsT();
  const { timezone } = useSession();
  const at = (s: number | null | undefined) => (s ? formatDateTime(s, timezone) : <Dash />);
  const item = (key: string, children: ReactNode, span?: number): DescriptionsItemType => ({
    key,
    label: t(`detail.${key}`),
    children,
    span,
  });
  const contact = [
    item('firstName', text(lead.firstName)),
    item('lastName', text(lead.lastName)),
    item('phone', text(lead.phone)),
    item('email', text(lead.email)),
    item('country', text(lead.country)),
    item('language', text(lead.language)),
  ];
  const traffic = [
    item('offer', <Link to={`/offers/${lead.offer.id}`}>{lead.offer.title}</Link>),
    item('vertical', lead.vertical.title),
    item('campaign', lead.campaign ? <Link to={`/campaigns/${lead.campaign.id}`}>{lead.campaign.title}</Link> : <Dash />),
    ...(staff ? [item('affiliate', <Link to={`/affiliates/members/${lead.affiliate.id}`}>{personName(lead.affiliate)}</Link>)] : []),
    item('lander', text(lead.lander?.title)),
    item('ip', text(lead.ip)),
    item('clickId', mono(lead.clickId), 2),
    item('landing', mono(lead.landing), 2),
    item('sourceUrl', mono(lead.sourceUrl), 2),
    item('userAgent', <Typography.Text style={{ fontSize: 12 }}>{text(lead.userAgent)}</Typography.Text>, 2),
  ];
  const distribution = [
    ...(staff
      ? [
          item('advertiser', lead.advertiser ? <Link to={`/advertisers/${lead.advertiser.id}`}>{lead.advertiser.title}</Link> : <Dash />),
          item('advertiserLeadId', text(lead.advertiserLeadId)),
          item('attempts', text(lead.deliveryAttempts)),
          item('nextAttemptAt', at(lead.nextAttemptAt)),
        ]
      : []),
    item('grade', text(lead.leadGradeTitle ?? lead.leadGrade)),
    item('redirectStatus', text(lead.redirectStatus)),
    item('redirectUrl', mono(lead.redirectUrl), 2),
    item('createdAt', at(lead.createdAt)),
    item('updatedAt', at(lead.updatedAt)),
    item('sentAt', at(lead.sentAt)),
    item('holdUntil', at(lead.holdUntil)),
    ...(staff && lead.duplicateOf ? [item('duplicateOf', `#${lead.duplicateOf}`)] : []),
  ];
  const subs = subsOf(lead);
  const fields = Object.entries(lead.fields);
  const section = (title: string, items: DescriptionsItemType[]) => (
    <Descriptions size="small" column={2} bordered title={title} items={items} styles={{ label: { width: 150 } }} />
  );
  return (
    <Flex vertical gap={20}>
      {section(t('detail.sections.contact'), contact)}
      {section(t('detail.sections.traffic'), traffic)}
      {section(t('detail.sections.distribution'), distribution)}
      {section(
        t('detail.sections.subs'),
        subs.length
          ? subs.map(([k, v]) => ({ key: k, label: k, children: v }))
          : [{ key: 'none', label: t('detail.sections.subs'), children: <Dash />, span: 2 }],
      )}
      {section(
        t('detail.sections.fields'),
        fields.length
          ? fields.map(([k, v]) => ({ key: k, label: k, children: text(typeof v === 'object' && v !== null ? JSON.stringify(v) : v) }))
          : [
              {
                key: 'none',
                label: t('detail.sections.fields'),
                children: <Typography.Text type="secondary">{t('detail.noFields')}</Typography.Text>,
                span: 2,
              },
            ],
      )}
    </Flex>
  );
}

/** `{from, to, reason, …}` of an event as short `key: value` pairs. */
const eventData = (data: Record<string, unknown>) =>
  Object.entries(data)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);

function History({ id }: { id: number }) {
  const { t } = useLeadsT();
  const { timezone } = useSession();
  const history = useLeadHistory(id);
  if (history.isLoading) return <Skeleton active />;
  if (history.error) return <Alert type="error" showIcon title={t('detail.historyFailed')} />;
  const events = history.data ?? [];
  if (!events.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noHistory')} />;
  return (
    <Timeline
      style={{ paddingTop: 8 }}
      items={events.map((e: LeadHistoryItem) => ({
        key: e.id,
        color: EVENT_COLORS[e.type] ?? 'blue',
        content: (
          <Flex vertical gap={2} data-testid="lead-history-item">
            <Flex gap={8} align="baseline" wrap>
              <Typography.Text strong>{t(`event.${e.type}`, { defaultValue: e.type })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(e.createdAt, timezone)} · {e.user ? personName(e.user) : t('detail.system')}
              </Typography.Text>
            </Flex>
            {eventData(e.data).map((line) => (
              <Typography.Text key={line} type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {line}
              </Typography.Text>
            ))}
          </Flex>
        ),
      }))}
    />
  );
}

function Sending({ id }: { id: number }) {
  const { t } = useLeadsT();
  const { timezone } = useSession();
  const data = useLeadAdvertiserData(id, true);
  if (data.isLoading) return <Skeleton active />;
  if (data.error) return <Alert type="error" showIcon title={t('detail.sendingFailed')} />;
  const attempts = data.data ?? [];
  if (!attempts.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noSending')} />;
  return (
    <Collapse
      size="small"
      defaultActiveKey={attempts.length === 1 ? [String(attempts[0].id)] : []}
      items={attempts.map((a: LeadAdvertiserDataItem) => ({
        key: String(a.id),
        label: (
          <Flex gap={8} align="center" wrap data-testid="lead-attempt">
            <Typography.Text strong>{a.advertiser.title}</Typography.Text>
            <Tag color={RESULT_COLORS[a.result] ?? 'default'} style={{ marginInlineEnd: 0 }}>
              {t(`result.${a.result}`, { defaultValue: a.result })}
            </Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {a.responseStatus ?? t('detail.noAnswer')} · {t('detail.duration', { ms: a.durationMs })} ·{' '}
              {formatDateTime(a.createdAt, timezone)}
            </Typography.Text>
          </Flex>
        ),
        children: (
          <Flex vertical gap={10}>
            {a.error ? <Alert type="error" showIcon title={`${t('detail.error')}: ${a.error}`} /> : null}
            <Descriptions
              size="small"
              column={2}
              items={[
                { key: 'lead', label: t('detail.advertiserLeadId'), children: text(a.advertiserLeadId) },
                { key: 'code', label: t('detail.responseCode'), children: text(a.responseStatus) },
                { key: 'redirect', label: t('detail.redirectUrl'), children: mono(a.redirectUrl), span: 2 },
              ]}
            />
            <div>
              <Typography.Text type="secondary">{t('detail.request')}</Typography.Text>
              <Code>{JSON.stringify(a.request, null, 2)}</Code>
            </div>
            <div>
              <Typography.Text type="secondary">{t('detail.response')}</Typography.Text>
              <Code>{a.responseBody || t('detail.emptyBody')}</Code>
            </div>
          </Flex>
        ),
      }))}
    />
  );
}

export function LeadDrawer({
  id,
  staff,
  canUpdate,
  onClose,
}: {
  id: number | undefined;
  staff: boolean;
  canUpdate: boolean;
  onClose: () => void;
}) {
  const { t } = useLeadsT();
  const lead = useLead(id);
  const [outcome, setOutcome] = useState<OutcomeText | null>(null);
  const actions = useLeadActions(setOutcome);
  const data = lead.data;
  const available = canUpdate && data ? data.actions : [];
  const run = (action: 'resend' | 'trash' | 'grade') => data && actions.run(action, [data]);
  const [editing, setEditing] = useState(false);
  // editing needs the update permission (the same as the actions); a test lead is never changed
  const editable = canUpdate && staff && data && !data.isTest;

  const body = lead.isLoading ? (
    <Skeleton active paragraph={{ rows: 10 }} />
  ) : lead.error || !data ? (
    <Result
      status={lead.error instanceof ApiError && lead.error.status === 404 ? '404' : 'warning'}
      title={lead.error instanceof ApiError && lead.error.status === 404 ? t('detail.notFound') : t('detail.loadFailed')}
      subTitle={lead.error instanceof ApiError && lead.error.status === 404 ? t('detail.notFoundText') : undefined}
    />
  ) : (
    <Flex vertical gap={12}>
      <OutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />
      {data.statusReason ? (
        <Alert type={data.status === 'sent' ? 'info' : 'warning'} showIcon title={`${t('detail.reason')}: ${data.statusReason}`} />
      ) : null}
      <Tabs
        items={[
          { key: 'details', label: t('detail.tabs.details'), children: <Details lead={data} staff={staff} /> },
          { key: 'history', label: t('detail.tabs.history'), children: <History id={data.id} /> },
          ...(staff ? [{ key: 'sending', label: t('detail.tabs.sending'), children: <Sending id={data.id} /> }] : []),
        ]}
      />
    </Flex>
  );

  return (
    <Drawer
      open={id !== undefined}
      onClose={() => {
        setOutcome(null);
        onClose();
      }}
      size={760}
      destroyOnHidden
      title={
        <Flex gap={10} align="center" wrap>
          <span data-testid="lead-drawer-title">{t('detail.title', { id })}</span>
          {data ? <StatusTag status={data.status} /> : null}
          {data?.isTest ? <Tag color="purple">{t('list.test')}</Tag> : null}
          {data && leadName(data) ? (
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {leadName(data)}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        available.length || editable ? (
          <Flex gap={8}>
            {editable ? (
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="lead-action-edit">
                {t('edit.button')}
              </Button>
            ) : null}
            {available.includes('resend') ? (
              <Button icon={<RedoOutlined />} onClick={() => run('resend')} disabled={actions.busy} data-testid="lead-action-resend">
                {t('actions.resend')}
              </Button>
            ) : null}
            {available.includes('grade') ? (
              <Button icon={<StarOutlined />} onClick={() => run('grade')} disabled={actions.busy} data-testid="lead-action-grade">
                {t('actions.grade')}
              </Button>
            ) : null}
            {available.includes('trash') ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => run('trash')} disabled={actions.busy} data-testid="lead-action-trash">
                {t('actions.trash')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {body}
      {actions.popup}
      {data && editable ? <LeadEditDrawer lead={data} open={editing} onClose={() => setEditing(false)} /> : null}
    </Drawer>
  );
}
