/**
 * The integration popups of the advertiser page: "Add integration" (platform and vertical -> a template of
 * GET /integration-templates/for-integration -> PUT /integrations) and clone to another advertiser. Loaded when
 * first opened.
 */
import { PlusOutlined } from '@ant-design/icons';
import { TITLE_MAX } from '@leadgrid/shared/constants';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import type { Integration } from '@leadgrid/shared/sell-side/integrations';
import { INTEGRATION_METHODS } from '@leadgrid/shared/sell-side/sell-side';
import { zTitle } from '@leadgrid/shared/validation';
import { useQuery } from '@tanstack/react-query';
import type { FormInstance } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Modal, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { SelectNotFound } from '../../../components/SelectNotFound';
import { ApiError } from '../../../api/client';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { OWNER_WRITE, TemplateDrawer } from '../integrations';
import { lookupsApi, sellSideKeys, useCloneIntegrations, useCreateIntegrations } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';
import { integrationLink, METHOD_FLAGS } from './parts';
import { AdvertiserPicker, PlatformPicker, VerticalPicker } from '../../../components/pickers/sellSide';

/**
 * Server errors of the integration popups on their fields, with this screen's words: a duplicate (one integration
 * per advertiser and template) says so with the server's message, a template of another platform or vertical says
 * that, an integration method the template does not allow names the method.
 */
function applyIntegrationErrors(form: FormInstance, error: unknown, t: TFunction): string[] {
  if (!(error instanceof ApiError)) return [];
  const worded = error.errors.map((item) => {
    const field = [...item.loc].reverse().find((p) => typeof p === 'string');
    if (item.msg === 'unique') return { ...item, msg: error.message };
    if (item.msg === 'match' && field === 'templateId') return { ...item, msg: t('integrations.templateMismatch') };
    if (item.type === 'integrationMethod') return { ...item, msg: t('integrations.methodNotAllowed') };
    return item;
  });
  return applyServerErrors(form, new ApiError(error.status, error.message, worded));
}

interface AddValues {
  platformId?: number | null;
  verticalId?: number | null;
  templateId?: number;
  title?: string;
  outApiEnabled: boolean;
  postbackEnabled: boolean;
  redirectEnabled: boolean;
  apiSyncEnabled: boolean;
}

export function AddIntegrationModal({ advertiser, open, onClose }: { advertiser: Advertiser; open: boolean; onClose: () => void }) {
  const { t } = useAdvertisersT();
  const navigate = useNavigate();
  const [form] = Form.useForm<AddValues>();
  const create = useCreateIntegrations();
  const [failure, setFailure] = useState<string[]>([]);
  const platformId = Form.useWatch('platformId', form);
  const verticalId = Form.useWatch('verticalId', form);
  const { access } = useSession();
  const canCreateTemplate = allowed(access, OWNER_WRITE.template);
  const [creatingTemplate, setCreatingTemplate] = useState(false);
  useRevalidateOnLanguageChange(form);
  const query = { platformId: platformId ?? undefined, verticalId: verticalId ?? undefined, limit: 100 };
  const templates = useQuery({
    queryKey: sellSideKeys.templates(query),
    queryFn: ({ signal }) => lookupsApi.templates(query, signal),
    enabled: open && Boolean(platformId && verticalId),
    staleTime: 30_000,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      platformId: advertiser.platform?.id ?? null,
      verticalId: advertiser.vertical?.id ?? null,
      templateId: undefined,
      title: '',
      outApiEnabled: true,
      postbackEnabled: true,
      redirectEnabled: false,
      apiSyncEnabled: false,
    });
    setFailure([]);
  }, [open, advertiser, form]);

  // one template for this platform and vertical: chosen at once
  useEffect(() => {
    const items = templates.data?.items;
    if (items?.length === 1 && !form.getFieldValue('templateId')) form.setFieldValue('templateId', items[0].id);
  }, [templates.data, form]);

  const submit = async (v: AddValues) => {
    setFailure([]);
    try {
      const [created] = (
        await create.mutateAsync([
          {
            advertiserId: advertiser.id,
            templateId: v.templateId!,
            title: v.title?.trim() || undefined,
            outApiEnabled: v.outApiEnabled,
            postbackEnabled: v.postbackEnabled,
            redirectEnabled: v.redirectEnabled,
            apiSyncEnabled: v.apiSyncEnabled,
          },
        ])
      ).items;
      onClose();
      if (created) navigate(integrationLink(advertiser.id, created.id));
    } catch (err) {
      setFailure(applyIntegrationErrors(form, err, t));
    }
  };

  const templateHint =
    !platformId || !verticalId
      ? t('integrations.chooseFirst')
      : templates.data && !templates.data.items.length
        ? t(canCreateTemplate ? 'integrations.noTemplatesCreate' : 'integrations.noTemplates')
        : undefined;

  return (
    <Modal
      open={open}
      title={t('integrations.addTitle', { title: advertiser.title })}
      okText={t('integrations.create')}
      okButtonProps={{ ...({ 'data-testid': 'integration-create-confirm' } as Record<string, string>) }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      forceRender
      destroyOnHidden
      width={620}
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        data-testid="integration-add-form"
      >
        <Typography.Paragraph type="secondary">{t('integrations.addText')}</Typography.Paragraph>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="platformId"
              label={t('fields.platform')}
              rules={[requiredRule(t)]}
              extra={advertiser.platform ? t('integrations.fixedPlatform') : undefined}
            >
              <PlatformPicker
                disabled={Boolean(advertiser.platform)}
                onChange={() => form.setFieldValue('templateId', undefined)}
                data-testid="integration-platform"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="verticalId"
              label={t('fields.vertical')}
              rules={[requiredRule(t)]}
              extra={advertiser.vertical ? t('integrations.fixedVertical') : undefined}
            >
              <VerticalPicker
                disabled={Boolean(advertiser.vertical)}
                onChange={() => form.setFieldValue('templateId', undefined)}
                data-testid="integration-vertical"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('integrations.template')} required extra={templateHint}>
          <Flex gap={8}>
            <Form.Item name="templateId" noStyle rules={[requiredRule(t)]}>
              <Select
                style={{ flex: 1, minWidth: 0 }}
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!platformId || !verticalId}
                loading={templates.isFetching}
                placeholder={t('integrations.templatePlaceholder')}
                options={(templates.data?.items ?? []).map((x) => ({ value: x.id, label: x.title }))}
                notFoundContent={
                  <SelectNotFound loading={templates.isFetching} error={templates.error} nothing={t('integrations.noTemplates')} />
                }
                data-testid="integration-template"
              />
            </Form.Item>
            {canCreateTemplate ? (
              <Button
                icon={<PlusOutlined />}
                disabled={!platformId || !verticalId}
                onClick={() => setCreatingTemplate(true)}
                data-testid="integration-template-new"
              >
                {t('integrations.newTemplate')}
              </Button>
            ) : null}
          </Flex>
        </Form.Item>
        <Form.Item name="title" label={t('integrations.titleField')} extra={t('integrations.titleHint')} rules={[zodRule(zTitle(), t)]}>
          <Input maxLength={TITLE_MAX} placeholder={t('integrations.titlePlaceholder', { title: advertiser.title })} />
        </Form.Item>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('integrations.methods')}
        </Typography.Text>
        <Row gutter={[16, 0]}>
          {INTEGRATION_METHODS.map((m) => (
            <Col xs={24} md={12} key={m}>
              <Form.Item name={METHOD_FLAGS[m]} valuePropName="checked" style={{ marginBottom: 8 }}>
                <Checkbox data-testid={`integration-method-${m}`}>
                  <Flex vertical style={{ lineHeight: 1.3 }}>
                    <span>{t(`methods.${m}`)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`methodHints.${m}`)}
                    </Typography.Text>
                  </Flex>
                </Checkbox>
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
          {t('integrations.methodsHint')}
        </Typography.Paragraph>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 12 }} /> : null}
      </Form>
      {canCreateTemplate ? (
        <TemplateDrawer
          open={creatingTemplate}
          onClose={() => setCreatingTemplate(false)}
          fixed={platformId && verticalId ? { platformId, verticalId } : undefined}
          zIndex={1100}
          onCreated={(tpl) => form.setFieldValue('templateId', tpl.id)}
        />
      ) : null}
    </Modal>
  );
}

export function CloneModal({
  integration,
  advertiserId,
  onClose,
}: {
  integration: Integration | null;
  advertiserId: number;
  onClose: () => void;
}) {
  const { t } = useAdvertisersT();
  const [form] = Form.useForm<{ advertiserId?: number; title?: string }>();
  const clone = useCloneIntegrations();
  const [failure, setFailure] = useState<string[]>([]);
  const open = integration !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setFailure([]);
  }, [open, form]);

  const submit = async (v: { advertiserId?: number; title?: string }) => {
    if (!integration) return;
    setFailure([]);
    try {
      await clone.mutateAsync([{ id: integration.id, advertiserId: v.advertiserId!, title: v.title?.trim() || undefined }]);
      onClose();
    } catch (err) {
      setFailure(applyIntegrationErrors(form, err, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('integrations.cloneTitle', { title: integration?.title ?? '' })}
      okText={t('integrations.clone')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={clone.isPending}
      forceRender
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="integration-clone-form">
        <Typography.Paragraph type="secondary">{t('integrations.cloneText')}</Typography.Paragraph>
        <Form.Item name="advertiserId" label={t('integrations.cloneTo')} rules={[requiredRule(t)]}>
          <AdvertiserPicker exclude={advertiserId} />
        </Form.Item>
        <Form.Item name="title" label={t('integrations.titleField')} extra={t('integrations.titleHint')} rules={[zodRule(zTitle(), t)]}>
          <Input maxLength={TITLE_MAX} />
        </Form.Item>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
      </Form>
    </Modal>
  );
}
