/**
 * The hold-queue rule drawer (create and edit), loaded when first opened (lazyWhenOpen) since the list is the page's
 * first view.
 */
import { ClockCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import {
  HOLD_INTERVAL_MAX,
  HOLD_STATUSES,
  holdRangeError,
  isInHoldWindow,
  nextRelease,
  type HoldConfig,
  type HoldWindow,
} from '@leadgrid/shared/engine/hold-queue';
import { Alert, Button, Col, Drawer, Flex, Form, InputNumber, Row, Segmented, Select, Tag, TimePicker, Typography, theme } from 'antd';
import type { FormInstance } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, serverMessageText } from '../../../api/client';
import { useSession } from '../../../app/session';
import { requiredRule } from '../../../components/form';
import { formatDateTime } from '../../../components/format';
import { useActiveGeos } from '../../../api/geos';
import { useCreateHoldConfigs, useTimezones, useUpdateHoldConfigs } from './api';
import { NS } from './i18n';

dayjs.extend(customParseFormat);

const TIME = 'HH:mm';

interface FormValues {
  geoId: number;
  periodStart: Dayjs | null;
  periodEnd: Dayjs | null;
  timezone: string;
  interval: number;
  fresh: number;
  old: number;
  status: 'active' | 'inactive';
}

const hhmm = (d: Dayjs | null | undefined) => (d ? d.format(TIME) : undefined);

/** Server errors on their fields; the window's own messages replace the generic start/end-time texts. */
function applyHoldErrors(form: FormInstance<FormValues>, error: unknown, t: (k: string) => string): void {
  if (!(error instanceof ApiError)) return;
  const names = new Set(Object.keys(form.getFieldsValue()));
  const byField = new Map<string, string[]>();
  for (const item of error.errors) {
    const name = [...item.loc].reverse().find((p): p is string => typeof p === 'string');
    if (!name || !names.has(name)) continue;
    const text = item.msg === 'startTime' || item.msg === 'endTime' ? t(`errors.${item.msg}`) : serverMessageText(item.msg);
    byField.set(name, [...(byField.get(name) ?? []), text]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof FormValues, errors })));
}

/** What a rule being edited does right now and when it releases next, in the rule's time zone. */
function Preview({ window }: { window: HoldWindow | null }) {
  const { t } = useTranslation(NS);
  const { token } = theme.useToken();
  const [now] = useState(() => new Date());
  if (!window) return null;
  const releases: Date[] = [];
  let at = now;
  for (let i = 0; i < 3; i++) {
    at = nextRelease(window, at);
    releases.push(at);
  }
  const holding = isInHoldWindow(window, now);
  return (
    <Flex
      vertical
      gap={6}
      style={{ padding: 12, borderRadius: token.borderRadiusLG, background: token.colorFillQuaternary }}
      data-testid="hold-preview"
    >
      <Typography.Text strong>{t('preview.title')}</Typography.Text>
      <Typography.Text type={holding ? 'warning' : 'secondary'}>
        {holding ? t('preview.holdingNow') : t('preview.notHoldingNow')}
      </Typography.Text>
      <Typography.Text type="secondary">{t('preview.next', { zone: window.timezone })}</Typography.Text>
      <Flex gap={6} wrap>
        {releases.map((r) => (
          <Tag key={r.getTime()} icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
            {formatDateTime(r.getTime() / 1000, window.timezone).slice(0, 16)}
          </Tag>
        ))}
      </Flex>
    </Flex>
  );
}

export function HoldDrawer({ open, initial, onClose }: { open: boolean; initial: HoldConfig | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { timezone: userZone } = useSession();
  const [form] = Form.useForm<FormValues>();
  const geos = useActiveGeos(open);
  const zones = useTimezones();
  const create = useCreateHoldConfigs();
  const update = useUpdateHoldConfigs();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch([], form) as FormValues | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial
        ? {
            geoId: initial.geo.id,
            periodStart: dayjs(initial.periodStart, TIME),
            periodEnd: dayjs(initial.periodEnd, TIME),
            timezone: initial.timezone,
            interval: initial.interval,
            fresh: initial.fresh,
            old: initial.old,
            status: initial.status,
          }
        : {
            periodStart: dayjs('22:00', TIME),
            periodEnd: dayjs('06:00', TIME),
            timezone: userZone,
            interval: 30,
            fresh: 10,
            old: 5,
            status: 'active',
          },
    );
  }, [open, initial, form, userZone]);

  const geoOptions = useMemo(() => {
    const list = (geos.data ?? []).map((g) => ({ value: g.id, label: g.title }));
    // a rule keeps showing its geo even when that geo is no longer active
    if (initial && !list.some((o) => o.value === initial.geo.id)) list.unshift({ value: initial.geo.id, label: initial.geo.title });
    return list;
  }, [geos.data, initial]);
  const zoneOptions = useMemo(() => (zones.data ?? []).map((z) => ({ value: z.name, label: z.title })), [zones.data]);

  const start = hhmm(values?.periodStart);
  const end = hhmm(values?.periodEnd);
  const previewWindow: HoldWindow | null =
    start && end && !holdRangeError(start, end) && values?.interval
      ? { periodStart: start, periodEnd: end, timezone: values.timezone || 'UTC', interval: values.interval }
      : null;

  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = {
        geoId: v.geoId,
        periodStart: hhmm(v.periodStart)!,
        periodEnd: hhmm(v.periodEnd)!,
        timezone: v.timezone,
        interval: v.interval,
        fresh: v.fresh,
        old: v.old,
      };
      if (initial) await update.mutateAsync([{ id: initial.id, ...body }]);
      else await create.mutateAsync([{ ...body, status: v.status }]);
      onClose();
    } catch (err) {
      applyHoldErrors(form, err, t);
    } finally {
      setSaving(false);
    }
  };

  const rangeRule = (which: 'periodStart' | 'periodEnd') => ({
    validator: async () => {
      const s = hhmm(form.getFieldValue('periodStart'));
      const e = hhmm(form.getFieldValue('periodEnd'));
      const err = holdRangeError(s, e);
      if (err && (err === 'startTime' ? 'periodStart' : 'periodEnd') === which) throw new Error(t(`errors.${err}`));
    },
  });

  return (
    <Drawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={560}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="hold-save">
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          title={t('help.title')}
          description={
            <Flex vertical gap={6}>
              <span>{t('help.window')}</span>
              <span>{t('help.release')}</span>
            </Flex>
          }
        />
        {geos.isSuccess && geoOptions.length === 0 ? <Alert type="warning" showIcon title={t('noGeos')} /> : null}
        <Form form={form} layout="vertical" requiredMark={false} data-testid="hold-form">
          <Form.Item name="geoId" label={t('fields.geo')} rules={[requiredRule(tc)]}>
            <Select
              options={geoOptions}
              loading={geos.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.geo')}
              data-testid="hold-geo"
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item
                name="periodStart"
                label={t('fields.periodStart')}
                rules={[requiredRule(tc), rangeRule('periodStart')]}
                dependencies={['periodEnd']}
              >
                <TimePicker format={TIME} needConfirm={false} style={{ width: '100%' }} data-testid="hold-start" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="periodEnd"
                label={t('fields.periodEnd')}
                rules={[requiredRule(tc), rangeRule('periodEnd')]}
                dependencies={['periodStart']}
                extra={start && end && end < start ? t('overnight') : undefined}
              >
                <TimePicker format={TIME} needConfirm={false} style={{ width: '100%' }} data-testid="hold-end" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="timezone" label={t('fields.timezone')} rules={[requiredRule(tc)]}>
            <Select
              options={zoneOptions}
              loading={zones.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.timezone')}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item name="interval" label={t('fields.interval')} rules={[requiredRule(tc)]}>
                <InputNumber
                  min={1}
                  max={HOLD_INTERVAL_MAX}
                  precision={0}
                  suffix={t('minutes')}
                  style={{ width: '100%' }}
                  data-testid="hold-interval"
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="fresh" label={t('fields.fresh')} rules={[requiredRule(tc)]}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="old" label={t('fields.old')} rules={[requiredRule(tc)]}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          {!initial ? (
            <Form.Item name="status" label={t('fields.status')}>
              <Segmented options={HOLD_STATUSES.map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
            </Form.Item>
          ) : null}
        </Form>
        <Preview window={previewWindow} />
      </Flex>
    </Drawer>
  );
}
