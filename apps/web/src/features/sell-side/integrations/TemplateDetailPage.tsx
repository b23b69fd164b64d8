/**
 * /settings/integration-templates/{id}/<tab> (front.settings.integration_templates.read; writes
 * integration_template.update): a template's tabs general, goals, status-mapping, isp (the setup parameters every
 * integration made from it fills in), outbound-settings and inbound-settings, with the same editors as integrations.
 */
import { CheckCircleOutlined, CloseCircleOutlined, CopyOutlined } from '@ant-design/icons';
import { integrationTemplateUpdate, type IntegrationTemplate } from '@leadgrid/shared/sell-side/integration-templates';
import type { IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { StatusTag } from '../../../components/StatusTag';
import { authorName, useConfirmStatus } from '../../../components/listing/parts';
import { OWNER_WRITE, useActivePlatforms, useChangeTemplateStatus, useTemplate, useUpdateTemplates } from './api';
import { useIntT } from './i18n';
import { MethodTags } from './labels';
import { SectionCard } from './parts';
import { MethodsField } from './TemplateDrawer';
import { useCloneTemplate } from './actions';
import { BackButton, DetailFailure, DetailHeading, detailFailed } from '../../../components/detail/DetailPage';

// the section tabs' editors load at the first opening of one of them; the general tab is the first view
// (docs/decisions/web.md, first-load budgets)
const SectionEditor = lazy(() => import('./SectionEditor').then((m) => ({ default: m.SectionEditor })));

const BASE = '/settings/integration-templates';
export const TEMPLATE_TABS = ['general', 'goals', 'status-mapping', 'isp', 'outbound-settings', 'inbound-settings'] as const;
type TemplateTab = (typeof TEMPLATE_TABS)[number];

interface GeneralValues {
  title: string;
  description: string;
  integrationMethodsRestrictions: IntegrationMethod[];
}

function TemplateGeneral({ template }: { template: IntegrationTemplate }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const { access, timezone } = useSession();
  const canWrite = allowed(access, OWNER_WRITE.template);
  const [form] = Form.useForm<GeneralValues>();
  useRevalidateOnLanguageChange(form);
  const update = useUpdateTemplates();
  const platforms = useActivePlatforms();
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const supported = platforms.data?.find((p) => p.id === template.platform.id)?.methods;
  const initial = JSON.stringify([template.title, template.description, template.integrationMethodsRestrictions]);

  useEffect(() => {
    form.setFieldsValue({
      title: template.title,
      description: template.description,
      integrationMethodsRestrictions: [...template.integrationMethodsRestrictions],
    });
    setDirty(false);
  }, [form, template, initial]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setProblems([]);
    try {
      await update.mutateAsync([
        {
          id: template.id,
          title: values.title.trim(),
          description: values.description ?? '',
          integrationMethodsRestrictions: values.integrationMethodsRestrictions ?? [],
        },
      ]);
      setDirty(false);
    } catch (err) {
      setProblems(applyServerErrors(form, err));
    }
  };
  const reset = () => {
    form.setFieldsValue({
      title: template.title,
      description: template.description,
      integrationMethodsRestrictions: [...template.integrationMethodsRestrictions],
    });
    form.setFields((['title', 'description', 'integrationMethodsRestrictions'] as const).map((name) => ({ name, errors: [] })));
    setDirty(false);
    setProblems([]);
  };
  const shape = integrationTemplateUpdate.shape;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <SectionCard
          title={t('templates.general')}
          state={{ save, reset, dirty, saving: update.isPending, problems }}
          canWrite={canWrite}
          testId="template-general"
        >
          <Form form={form} layout="vertical" requiredMark="optional" onValuesChange={() => setDirty(true)} disabled={!canWrite}>
            <Form.Item
              name="title"
              label={t('templates.fields.title')}
              rules={[requiredRule(tc), zodRule(shape.title.unwrap(), tc)]}
              validateFirst
            >
              <Input maxLength={200} data-testid="template-general-title" />
            </Form.Item>
            <Form.Item name="description" label={t('templates.fields.description')} rules={[zodRule(shape.description.unwrap(), tc)]}>
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={2000}
                showCount
                placeholder={t('templates.descriptionPlaceholder')}
              />
            </Form.Item>
            <Form.Item
              name="integrationMethodsRestrictions"
              label={t('templates.fields.methods')}
              extra={t('templates.methodsHint')}
              style={{ marginBottom: 0 }}
            >
              <MethodsField supported={supported} />
            </Form.Item>
          </Form>
        </SectionCard>
      </Col>
      <Col xs={24} xl={9}>
        <Card variant="borderless" title={t('templates.details')}>
          <Descriptions column={1} colon={false} styles={{ label: { width: 140 } }}>
            <Descriptions.Item label={t('templates.fields.id')}>{template.id}</Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.platform')}>
              {allowed(access, 'front.settings.platforms.read') ? (
                <Link to={`/settings/platforms/${template.platform.id}`}>{template.platform.title}</Link>
              ) : (
                template.platform.title
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.vertical')}>
              {allowed(access, 'vertical.read') ? (
                <Link to={`/settings/verticals/${template.vertical.id}/general`}>{template.vertical.title}</Link>
              ) : (
                template.vertical.title
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.methods')}>
              <MethodTags methods={template.integrationMethodsRestrictions} />
            </Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.status')}>
              <StatusTag status={template.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.createdAt')}>{formatDateTime(template.createdAt, timezone)}</Descriptions.Item>
            <Descriptions.Item label={t('templates.fields.createdBy')}>{authorName(template.createdBy)}</Descriptions.Item>
          </Descriptions>
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('templates.copyNote')} />
        </Card>
      </Col>
    </Row>
  );
}

export default function TemplateDetailPage() {
  const { t } = useIntT();
  const navigate = useNavigate();
  const { id, tab: rawTab } = useParams();
  const tab: TemplateTab = (TEMPLATE_TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as TemplateTab) : 'general';
  const { access } = useSession();
  const canWrite = allowed(access, OWNER_WRITE.template);
  const template = useTemplate(Number(id));
  const changeStatus = useChangeTemplateStatus();
  const confirmStatus = useConfirmStatus();
  const cloneTemplate = useCloneTemplate();
  const back = <BackButton to={`${BASE}/active`}>{t('templates.back')}</BackButton>;

  if (detailFailed(template))
    return (
      <DetailFailure
        query={template}
        texts={{
          title: t('templates.title'),
          notFound: t('templates.notFound'),
          retry: t('switcher.retry'),
          loadFailed: t('templates.loadFailed'),
        }}
        back={back}
      />
    );
  const tpl = template.data;
  if (!tpl) {
    return (
      <Page title={t('templates.title')}>
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Page>
    );
  }
  const next = tpl.status === 'active' ? 'inactive' : 'active';
  return (
    <Page
      title={<DetailHeading name={tpl.title} status={tpl.status} testId="template-detail-title" gap={12} wrap={false} />}
      subtitle={
        <Typography.Text type="secondary">
          {t('templates.subtitleOf', { platform: tpl.platform.title, vertical: tpl.vertical.title })}
        </Typography.Text>
      }
      extra={
        <>
          {back}
          {canWrite ? (
            <>
              <Button icon={<CopyOutlined />} onClick={() => cloneTemplate(tpl)} data-testid="template-clone">
                {t('templates.clone')}
              </Button>
              <Button
                icon={next === 'active' ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                loading={changeStatus.isPending}
                onClick={() => confirmStatus(1, next, () => changeStatus.mutateAsync([{ id: tpl.id, status: next }]))}
                data-testid="template-toggle-status"
              >
                {next === 'active' ? t('templates.activate') : t('templates.deactivate')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: '0 16px' } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => navigate(`${BASE}/${tpl.id}/${k}`)}
          items={TEMPLATE_TABS.map((k) => ({ key: k, label: t(`templates.detailTabs.${k}`) }))}
          tabBarStyle={{ marginBottom: 0 }}
          data-testid="template-detail-tabs"
        />
      </Card>
      {tab === 'general' ? (
        <TemplateGeneral template={tpl} />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <SectionEditor key={`${tpl.id}:${tab}`} owner="template" record={tpl} tab={tab} />
        </Suspense>
      )}
    </Page>
  );
}
