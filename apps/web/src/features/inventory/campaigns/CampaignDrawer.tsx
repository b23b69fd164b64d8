/**
 * Create (PUT /campaigns) or edit (PATCH /campaigns) one campaign: title; affiliate (staff, create only) and offer
 * (create only: both are fixed afterwards); the integration method (the offer's); countries within the offer's geos;
 * a parked tracking domain; landers of the offer the affiliate may use; traffic source (the offer's when it names
 * any); the affiliate's own postbacks called for it (none: all of them); the target-URL settings. An edit sends only
 * what changed. Product §8 notices answered by the save stay in the drawer as alerts (the campaign is saved all the
 * same); without notices the drawer closes.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import type { Campaign, CampaignNotice } from '@leadgrid/shared/inventory/campaigns';
import { INTEGRATION_METHODS, type IntegrationMethod } from '@leadgrid/shared/sell-side/sell-side';
import { zTitle } from '@leadgrid/shared/validation';
import { Alert, Button, Col, Divider, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isAffiliate } from '../../../app/access';
import { useSession } from '../../../app/session';
import { requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { AffiliatePicker } from '../../../components/pickers/people';
import { personName } from '@leadgrid/shared/people/names';
import { useCampaignLanders, useCreateCampaigns, useOfferForCampaign, useTargetUrlOptions, useUpdateCampaigns } from './api';
import { CampaignNotices } from './CampaignNotices';
import { applyCampaignErrors } from './formErrors';
import { useCampaignsT } from './i18n';
import { toCreate, toUpdate, valuesOf, type CampaignValues } from './model';
import { OfferPicker } from '../../../components/offer-picker/OfferPicker';
import { CountryPicker, LanderPicker, SourcePicker, TrackDomainPicker } from './pickers';
import { usePickersT } from '../../../components/pickers/i18n';
import { PostbackPicker } from '../../../components/pickers/postbacks';
import { TargetUrlFields } from './TargetUrlFields';

export interface CampaignDrawerProps {
  open: boolean;
  /** null: a new campaign */
  campaign: Campaign | null;
  /** a new campaign's offer (from `?create=1&offerId=`) */
  presetOfferId?: number;
  onClose: () => void;
  /** after a create */
  onCreated?: (campaign: Campaign) => void;
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
      {children}
    </Typography.Title>
  );
}

export function CampaignDrawer({ open, campaign, presetOfferId, onClose, onCreated }: CampaignDrawerProps) {
  const { t } = useCampaignsT();
  const { t: tp } = usePickersT();
  const { access } = useSession();
  const affiliateView = access ? isAffiliate(access) : false;
  const staff = !affiliateView;
  const [form] = Form.useForm<CampaignValues>();
  const create = useCreateCampaigns();
  const update = useUpdateCampaigns();
  const options = useTargetUrlOptions();
  const [failure, setFailure] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  /** the notices the last edit answered: they stay on screen (a new campaign's are shown by its page) */
  const [notices, setNotices] = useState<CampaignNotice[] | null>(null);
  const saving = create.isPending || update.isPending;
  useRevalidateOnLanguageChange(form);

  const editing = Boolean(campaign);
  const watchedOffer: number | null | undefined = Form.useWatch('offerId', form);
  const watchedAffiliate: number | null | undefined = Form.useWatch('affiliateId', form);
  // an edit shows the (fixed) offer and affiliate as text: they come from the campaign, not from form fields
  const offerId = campaign ? campaign.offer.id : watchedOffer;
  const affiliateId = campaign ? campaign.affiliate.id : watchedAffiliate;
  const offer = useOfferForCampaign(offerId ?? undefined, affiliateView);
  const landerAffiliate = staff ? (affiliateId ?? undefined) : undefined;
  const landers = useCampaignLanders(offerId ?? undefined, landerAffiliate, affiliateView || Boolean(affiliateId));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(campaign, { offerId: presetOfferId }));
    setFailure([]);
    setDirty(false);
    setNotices(null);
  }, [open, campaign, presetOfferId, form]);

  // a new campaign takes its offer's method; countries and a source the offer does not take are dropped
  useEffect(() => {
    const o = offer.data;
    if (!o || !open) return;
    const v = form.getFieldsValue(['integrationMethod', 'countries', 'trafficSourceId']) as Partial<CampaignValues>;
    if (!editing && v.integrationMethod !== o.integrationMethod) form.setFieldValue('integrationMethod', o.integrationMethod);
    if (!editing && o.geos.length && v.countries?.some((c) => !o.geos.includes(c)))
      form.setFieldValue(
        'countries',
        v.countries.filter((c) => o.geos.includes(c)),
      );
    if (!editing && o.trafficSources.length && v.trafficSourceId && !o.trafficSources.some((s) => s.id === v.trafficSourceId))
      form.setFieldValue('trafficSourceId', null);
  }, [offer.data, open, editing, form]);

  const submit = async (v: CampaignValues) => {
    setFailure([]);
    try {
      if (!campaign) {
        const [created] = (await create.mutateAsync([toCreate(v, staff)])).items;
        onClose();
        if (created) onCreated?.(created);
        return;
      }
      const [result] = (await update.mutateAsync([toUpdate(campaign, v)])).items;
      if (result?.notices?.length) {
        setNotices(result.notices);
        setDirty(false);
        return;
      }
      onClose();
    } catch (err) {
      setFailure(applyCampaignErrors(form, err));
    }
  };

  const methods: readonly IntegrationMethod[] = offer.data
    ? [offer.data.integrationMethod]
    : editing && campaign
      ? [campaign.integrationMethod]
      : INTEGRATION_METHODS;
  const offerChosen = Boolean(offerId);
  const needAffiliate = staff && !editing && !affiliateId;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={campaign ? t('drawer.editTitle', { title: campaign.title }) : t('drawer.createTitle')}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={saving} data-testid="campaign-drawer-close">
            {notices ? t('actions.close') : t('actions.cancel')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={saving} disabled={editing && !dirty} data-testid="campaign-save">
            {editing ? t('actions.save') : t('drawer.create')}
          </Button>
        </Flex>
      }
    >
      {notices ? (
        <Flex vertical gap={12} style={{ marginBottom: 20 }} data-testid="campaign-saved">
          <Alert type="success" showIcon title={t('drawer.savedWithNotices')} />
          <CampaignNotices notices={notices} />
        </Flex>
      ) : null}
      <Form<CampaignValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        scrollToFirstError={{ block: 'center' }}
        onValuesChange={(changed: Partial<CampaignValues>) => {
          setDirty(true);
          if (notices) setNotices(null);
          // landers depend on the offer and on the affiliate (their sieves)
          if ('offerId' in changed || 'affiliateId' in changed) form.setFieldValue('landerIds', []);
          // postbacks are the affiliate's own
          if ('affiliateId' in changed) form.setFieldValue('postbackIds', []);
        }}
        onFinish={(v) => void submit({ ...form.getFieldsValue(true), ...v })}
        onFinishFailed={() => undefined}
        data-testid="campaign-form"
      >
        <SectionTitle>{t('drawer.campaign')}</SectionTitle>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[requiredRule(t), zodRule(zTitle(), t)]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input placeholder={t('drawer.titlePlaceholder')} maxLength={200} data-testid="campaign-title" />
        </Form.Item>
        <Row gutter={16}>
          {staff ? (
            <Col xs={24} md={12}>
              {editing && campaign ? (
                <Form.Item label={t('fields.affiliate')}>
                  <Input value={`#${campaign.affiliate.id} ${personName(campaign.affiliate)}`} disabled />
                </Form.Item>
              ) : (
                <Form.Item name="affiliateId" label={t('fields.affiliate')} rules={[requiredRule(t)]} extra={t('drawer.affiliateHint')}>
                  <AffiliatePicker multiple={false} purpose="campaign" data-testid="campaign-affiliate" />
                </Form.Item>
              )}
            </Col>
          ) : null}
          <Col xs={24} md={staff ? 12 : 24}>
            {editing && campaign ? (
              <Form.Item label={t('fields.offer')} extra={t('drawer.offerFixed')}>
                <Input value={`#${campaign.offer.id} ${campaign.offer.title}`} disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="offerId"
                label={t('fields.offer')}
                rules={[requiredRule(t)]}
                extra={needAffiliate ? t('drawer.affiliateFirst') : staff ? t('drawer.offerHintStaff') : t('drawer.offerHint')}
              >
                <OfferPicker
                  activeOnly
                  affiliateId={staff ? (affiliateId ?? undefined) : undefined}
                  disabled={needAffiliate}
                  data-testid="campaign-offer"
                />
              </Form.Item>
            )}
          </Col>
        </Row>
        {offer.error ? <Alert type="warning" showIcon title={t('drawer.offerFailed')} style={{ marginBottom: 16 }} /> : null}

        <Divider style={{ margin: '4px 0 16px' }} />
        <SectionTitle>{t('drawer.traffic')}</SectionTitle>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="integrationMethod" label={t('fields.integrationMethod')} extra={t('drawer.methodHint')}>
              <Select
                disabled={!offerChosen || methods.length < 2}
                options={methods.map((value) => ({ value, label: t(`methods.${value}`) }))}
                placeholder={t('drawer.offerFirst')}
                data-testid="campaign-method"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="countries"
              label={t('fields.countries')}
              extra={offer.data?.geos.length ? t('drawer.countriesOfOffer', { count: offer.data.geos.length }) : t('drawer.countriesAll')}
            >
              <CountryPicker
                allowed={offer.data?.geos}
                disabled={!offerChosen}
                maxTagCount="responsive"
                placeholder={t('drawer.anyCountry')}
                data-testid="campaign-countries"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="domainId" label={t('fields.domain')} extra={t('drawer.domainHint')}>
              <TrackDomainPicker current={campaign?.domain} placeholder={t('drawer.mainHost')} data-testid="campaign-domain" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="trafficSourceId"
              label={t('fields.trafficSource')}
              extra={offer.data?.trafficSources.length ? t('drawer.sourcesOfOffer') : undefined}
            >
              <SourcePicker
                only={offer.data?.trafficSources}
                current={campaign?.trafficSource}
                disabled={!offerChosen}
                placeholder={t('drawer.anySource')}
                data-testid="campaign-source"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="landerIds" label={t('fields.landers')} extra={t('drawer.landersHint')}>
              <LanderPicker
                landers={landers.data}
                loading={landers.isFetching}
                error={landers.error}
                current={campaign?.landers}
                disabled={!offerChosen || needAffiliate}
                placeholder={t('drawer.allLanders')}
                data-testid="campaign-landers"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="postbackIds"
          label={t('fields.postbacks')}
          extra={needAffiliate ? t('drawer.affiliateFirst') : tp('postbacks.hint')}
        >
          <PostbackPicker
            affiliateId={staff ? (affiliateId ?? undefined) : undefined}
            needAffiliate={staff && !affiliateId}
            current={campaign?.postbacks}
            maxTagCount="responsive"
            data-testid="campaign-postbacks"
          />
        </Form.Item>

        <Divider style={{ margin: '4px 0 16px' }} />
        <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('target.title')}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <InfoCircleOutlined /> {t('target.subtitle')}
          </Typography.Text>
        </Flex>
        <TargetUrlFields options={options.data} loading={options.isLoading} error={options.error} onRetry={() => void options.refetch()} />

        {failure.length ? (
          <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 16 }} data-testid="campaign-failure" />
        ) : null}
      </Form>
    </Drawer>
  );
}
