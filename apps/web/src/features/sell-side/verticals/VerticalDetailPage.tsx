/**
 * /settings/verticals/{id}/{tab} (vertical.read; writes vertical.update): one vertical, a tab per section — general
 * (details, API settings, its platforms and advertisers), goals, inbound rules, lead parameters, lead grades and
 * categories, metrics, redirect. Each tab saves its own section; leaving a tab or the page with unsaved changes asks first.
 */
import { CheckCircleOutlined, CloseCircleOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Skeleton, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { useVertical, VERTICAL_WRITE } from './api';
import { NS } from './i18n';
import { DirtyContext } from './sections';
import { GeneralTab } from './tabs/GeneralTab';
import { GoalsTab } from './tabs/GoalsTab';
import { InboundRulesTab } from './tabs/InboundRulesTab';
import { LeadCategoriesTab } from './tabs/LeadCategoriesTab';
import { LeadParametersTab } from './tabs/LeadParametersTab';
import { MetricsTab } from './tabs/MetricsTab';
import { RedirectTab } from './tabs/RedirectTab';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useConfirmVerticalStatus } from './actions';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const VerticalDrawer = lazyWhenOpen(() => import('./VerticalDrawer').then((m) => m.VerticalDrawer));

export const VERTICAL_TABS = ['general', 'goals', 'inbound-rules', 'lead-parameters', 'lead-categories', 'metrics', 'redirect'] as const;
export type VerticalTab = (typeof VERTICAL_TABS)[number];

export default function VerticalDetailPage() {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const tab: VerticalTab = (VERTICAL_TABS as readonly string[]).includes(params.tab ?? '') ? (params.tab as VerticalTab) : 'general';
  const { access } = useSession();
  const canWrite = allowed(access, VERTICAL_WRITE);
  const detail = useVertical(id);
  const status = useConfirmVerticalStatus();
  const [editing, setEditing] = useState(false);
  const dirty = useRef(new Set<string>());
  const setDirty = useCallback((section: string, value: boolean) => {
    if (value) dirty.current.add(section);
    else dirty.current.delete(section);
  }, []);

  // leaving the page or the tab with unsaved changes asks first (links of the sidebar included)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('section.leaveTitle'),
      content: t('section.leaveText'),
      okText: t('section.leave'),
      okButtonProps: { danger: true },
      cancelText: t('section.stay'),
      onOk: () => {
        dirty.current.clear();
        blocker.proceed();
      },
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  const goTo = (next: string) => navigate(next);
  const back = <BackButton to="/settings/verticals/active">{t('detail.back')}</BackButton>;

  const v = detail.data;

  const panes: Record<VerticalTab, () => ReactNode> = {
    general: () => <GeneralTab vertical={v!} canWrite={canWrite} />,
    goals: () => <GoalsTab vertical={v!} canWrite={canWrite} />,
    'inbound-rules': () => <InboundRulesTab vertical={v!} canWrite={canWrite} />,
    'lead-parameters': () => <LeadParametersTab vertical={v!} canWrite={canWrite} />,
    'lead-categories': () => <LeadCategoriesTab vertical={v!} canWrite={canWrite} />,
    metrics: () => <MetricsTab vertical={v!} canWrite={canWrite} />,
    redirect: () => <RedirectTab vertical={v!} canWrite={canWrite} />,
  };
  const next = v?.status === 'active' ? 'inactive' : 'active';

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry'), loadFailed: t('detail.loadFailed') }}
      back={back}
      failed={!Number.isInteger(id)}
      heading={v ? <DetailHeading name={v.title} status={v.status} testId="vertical-detail-title" /> : undefined}
      subtitle={
        v ? (
          v.description ? (
            v.description
          ) : (
            <Typography.Text type="secondary">{t('detail.subtitle', { id: v.id })}</Typography.Text>
          )
        ) : undefined
      }
      actions={
        <>
          {v && canWrite ? (
            <>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={status.busy}
                onClick={() => void status.run([v.id], next)}
                data-testid="vertical-detail-status"
              >
                {next === 'active' ? t('actions.activate') : t('actions.deactivate')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="vertical-detail-edit">
                {t('actions.edit')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => goTo(`/settings/verticals/${id}/${key}`)}
        items={VERTICAL_TABS.map((key) => ({ key, label: <span data-testid={`vertical-tab-${key}`}>{t(`tabs.${key}`)}</span> }))}
        style={{ marginBottom: -12 }}
      />
      {v ? (
        <DirtyContext.Provider value={setDirty}>
          <div key={`${v.id}-${tab}`}>{panes[tab]()}</div>
        </DirtyContext.Provider>
      ) : (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
      <VerticalDrawer open={editing} initial={v ?? null} onClose={() => setEditing(false)} />
    </DetailPage>
  );
}
