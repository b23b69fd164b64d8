/**
 * /settings/general (settings.general.update): system name, logo and favicon, registration switch, trial
 * expiry, the network's legal details printed on invoices (docs/decisions/money.md) and how many days the raw clicks
 * are kept (docs/decisions/engine.md "Clicks partitioned by day"). Images are saved as soon as they are uploaded; the rest with the form. Every save refreshes the
 * public settings, so the title, logo and favicon of the app change without a reload.
 */
import { CalendarOutlined } from '@ant-design/icons';
import { DEFAULT_PRODUCT_TITLE } from '@leadgrid/shared/constants';
import {
  generalSettingsUpdate,
  RAW_CLICKS_RETENTION,
  type GeneralSettings,
  type GeneralSettingsUpdate,
} from '@leadgrid/shared/settings/general';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { daysUntil, DATE_PATTERN, formatDateTime } from '../../../components/format';
import { Page } from '../../../components/Page';
import { useGeneralSettings, useUpdateGeneralSettings } from './api';
import { useSettingsT } from './i18n';
import { ImageUploadField } from '../../../components/ImageUploadField';
import { WhiteLabelPreview } from './WhiteLabelPreview';

interface Values {
  name: string;
  registrationEnabled: boolean;
  trialDate: Dayjs | null;
  legalDetails: string;
  rawClicksRetentionDays: number | null;
}

/** The trial lasts to the end of the chosen day in the user's time zone; the server keeps seconds. */
export function trialSeconds(date: Dayjs | null, tz: string): number | null {
  if (!date) return null;
  return dayjs.tz(`${date.format('YYYY-MM-DD')} 23:59:59`, tz).unix();
}

function trialDateOf(seconds: number | null, tz: string): Dayjs | null {
  if (!seconds) return null;
  // the calendar day in the user's zone, as a plain date for the picker
  return dayjs(dayjs.unix(seconds).tz(tz).format('YYYY-MM-DD'), 'YYYY-MM-DD');
}

function valuesOf(s: GeneralSettings, tz: string): Values {
  return {
    name: s.name,
    registrationEnabled: s.registrationEnabled,
    trialDate: trialDateOf(s.trialExpireAt, tz),
    legalDetails: s.legalDetails,
    rawClicksRetentionDays: s.rawClicksRetentionDays,
  };
}

function SettingsForm({ settings }: { settings: GeneralSettings }) {
  const { t } = useSettingsT();
  const imageTexts = {
    upload: t('general.image.upload'),
    replace: t('general.image.replace'),
    remove: t('general.image.remove'),
    tooLarge: t('general.image.tooLarge'),
    notImage: t('general.image.notImage'),
  };
  const { timezone } = useSession();
  const [form] = Form.useForm<Values>();
  const save = useUpdateGeneralSettings();
  const [dirty, setDirty] = useState(false);
  const initial = useMemo(() => valuesOf(settings, timezone), [settings, timezone]);
  const name = Form.useWatch('name', form) ?? settings.name;
  const trialDate = Form.useWatch('trialDate', form);

  useEffect(() => {
    if (!dirty) form.setFieldsValue(initial);
  }, [initial, dirty, form]);

  const submit = async (values: Values) => {
    const patch: GeneralSettingsUpdate = {};
    if (values.name.trim() !== settings.name) patch.name = values.name.trim();
    if (values.registrationEnabled !== settings.registrationEnabled) patch.registrationEnabled = values.registrationEnabled;
    const trial = trialSeconds(values.trialDate, timezone);
    if (trial !== settings.trialExpireAt) patch.trialExpireAt = trial;
    const legal = (values.legalDetails ?? '').trim();
    if (legal !== settings.legalDetails) patch.legalDetails = legal;
    if (values.rawClicksRetentionDays !== null && values.rawClicksRetentionDays !== settings.rawClicksRetentionDays)
      patch.rawClicksRetentionDays = values.rawClicksRetentionDays;
    if (Object.keys(patch).length === 0) {
      setDirty(false);
      return;
    }
    try {
      await save.mutateAsync(patch);
      setDirty(false);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  const trialEnd = trialSeconds(trialDate ?? null, timezone);
  const left = trialEnd ? daysUntil(trialEnd, timezone) : null;

  return (
    <Row gutter={[20, 20]} align="top">
      <Col xs={24} xl={14}>
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initial}
          onValuesChange={() => setDirty(true)}
          onFinish={(v) => void submit(v)}
          data-testid="general-settings-form"
        >
          <Flex vertical gap={20}>
            <Card variant="borderless" title={t('general.whiteLabel.title')}>
              <Form.Item
                name="name"
                label={t('general.whiteLabel.name')}
                rules={[requiredRule(t), zodRule(generalSettingsUpdate.shape.name.unwrap(), t)]}
                extra={t('general.whiteLabel.nameHint')}
              >
                <Input maxLength={200} data-testid="system-name" />
              </Form.Item>
              <Divider style={{ margin: '8px 0 20px' }} />
              <Flex vertical gap={24}>
                <ImageUploadField
                  label={t('general.whiteLabel.logo')}
                  alt={t('general.whiteLabel.logo')}
                  hint={t('general.whiteLabel.logoHint')}
                  url={settings.logoUrl}
                  preview={{ width: 160, height: 72, fit: 'contain' }}
                  frameWidth={160}
                  texts={imageTexts}
                  onChange={(logoImageId) => save.mutateAsync({ logoImageId })}
                  testId="logo-field"
                />
                <ImageUploadField
                  label={t('general.whiteLabel.favicon')}
                  alt={t('general.whiteLabel.favicon')}
                  hint={t('general.whiteLabel.faviconHint')}
                  url={settings.faviconUrl}
                  preview={{ width: 72, height: 72, fit: 'contain' }}
                  frameWidth={160}
                  texts={imageTexts}
                  onChange={(faviconImageId) => save.mutateAsync({ faviconImageId })}
                  testId="favicon-field"
                />
              </Flex>
            </Card>
            <Card variant="borderless" title={t('general.access.title')}>
              <Flex justify="space-between" align="center" gap={16}>
                <div>
                  <Typography.Text strong>{t('general.access.registration')}</Typography.Text>
                  <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 13 }}>
                    {t('general.access.registrationHint')}
                  </Typography.Paragraph>
                </div>
                <Form.Item name="registrationEnabled" valuePropName="checked" noStyle>
                  <Switch aria-label={t('general.access.registration')} data-testid="registration-switch" />
                </Form.Item>
              </Flex>
              <Divider style={{ margin: '20px 0' }} />
              <Form.Item
                name="trialDate"
                label={t('general.access.trial')}
                style={{ marginBottom: 4 }}
                extra={
                  trialEnd
                    ? t(left !== null && left > 0 ? 'general.access.trialEnds' : 'general.access.trialEnded', {
                        date: formatDateTime(trialEnd, timezone),
                        zone: timezone,
                        count: Math.max(left ?? 0, 0),
                      })
                    : t('general.access.noTrial')
                }
              >
                <DatePicker
                  allowClear
                  format={DATE_PATTERN}
                  suffixIcon={<CalendarOutlined />}
                  placeholder={t('general.access.trialPlaceholder')}
                  disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                  style={{ width: 240 }}
                  data-testid="trial-date"
                />
              </Form.Item>
            </Card>
            <Card variant="borderless" title={t('general.legal.title')}>
              <Form.Item
                name="legalDetails"
                label={t('general.legal.details')}
                extra={t('general.legal.hint')}
                rules={[zodRule(generalSettingsUpdate.shape.legalDetails.unwrap(), t)]}
                style={{ marginBottom: 0 }}
              >
                <Input.TextArea
                  autoSize={{ minRows: 4, maxRows: 10 }}
                  maxLength={2000}
                  placeholder={t('general.legal.placeholder')}
                  data-testid="legal-details"
                />
              </Form.Item>
            </Card>
            <Card variant="borderless" title={t('general.retention.title')}>
              <Form.Item
                name="rawClicksRetentionDays"
                label={t('general.retention.days')}
                extra={t('general.retention.hint', { min: RAW_CLICKS_RETENTION.min, max: RAW_CLICKS_RETENTION.max })}
                rules={[requiredRule(t), zodRule(generalSettingsUpdate.shape.rawClicksRetentionDays.unwrap(), t)]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber
                  min={RAW_CLICKS_RETENTION.min}
                  max={RAW_CLICKS_RETENTION.max}
                  precision={0}
                  style={{ width: 160 }}
                  data-testid="raw-clicks-retention"
                />
              </Form.Item>
            </Card>
            <Flex justify="flex-end" gap={8}>
              <Button
                onClick={() => {
                  form.setFieldsValue(initial);
                  setDirty(false);
                }}
                disabled={!dirty || save.isPending}
              >
                {t('common.discard')}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty} data-testid="general-save">
                {t('common.save')}
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <Flex vertical gap={20}>
          <Card variant="borderless" title={t('general.preview.title')}>
            <WhiteLabelPreview name={name?.trim() || DEFAULT_PRODUCT_TITLE} logoUrl={settings.logoUrl} faviconUrl={settings.faviconUrl} />
          </Card>
          <Card variant="borderless" title={t('general.instance.title')}>
            <Descriptions column={1} size="small" colon={false} styles={{ label: { width: 150 } }}>
              <Descriptions.Item label={t('general.instance.customerId')}>
                <Typography.Text copyable code>
                  {settings.customerId}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('general.instance.apiDomain')}>
                <Typography.Text copyable>{settings.apiDomain}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('general.instance.baseCurrency')}>{settings.baseCurrency}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

export default function GeneralSettingsPage() {
  const { t } = useSettingsT();
  const settings = useGeneralSettings();
  let body;
  if (settings.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (settings.error || !settings.data)
    body = (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('general.loadFailed')}
          extra={<Button onClick={() => void settings.refetch()}>{t('table.retry')}</Button>}
        />
      </Card>
    );
  else body = <SettingsForm settings={settings.data} />;
  return (
    <Page title={t('nav.generalSettings')} subtitle={t('general.subtitle')}>
      {body}
    </Page>
  );
}
