/** The form that adds a widget or configures one: its type (new widgets only), metrics, ranking and title. */
import {
  DASHBOARD_MAX_LINE_METRICS,
  DASHBOARD_TOP_DIMENSIONS,
  DASHBOARD_WIDGET_TYPES,
  type DashboardTopDimension,
  type DashboardWidget,
  type DashboardWidgetType,
} from '@leadgrid/shared/insights/dashboard';
import type { ActiveMetric } from '@leadgrid/shared/insights/metrics';
import { Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useReader } from '../useReader';
import { forbiddenDimensions } from '../model';
import { useDashboardT } from './i18n';
import { titleOf } from './Widgets';

export interface WidgetDraft {
  type: DashboardWidgetType;
  title?: string;
  metrics: string[];
  groupBy?: DashboardTopDimension;
  limit?: number;
}

interface Props {
  open: boolean;
  /** the widget configured; none: a new one */
  widget?: DashboardWidget;
  active: readonly ActiveMetric[] | undefined;
  saving: boolean;
  onCancel: () => void;
  onSave: (draft: WidgetDraft) => void;
}

const NEEDS_ONE: DashboardWidgetType[] = ['kpi', 'top'];

export function WidgetEditor({ open, widget, active, saving, onCancel, onSave }: Props) {
  const { t } = useDashboardT();
  const reader = useReader();
  const [form] = Form.useForm<WidgetDraft>();
  const type = Form.useWatch('type', form) ?? widget?.type ?? 'kpi';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      widget
        ? {
            type: widget.type,
            title: widget.settings.title,
            metrics: widget.settings.metrics,
            groupBy: widget.settings.groupBy,
            limit: widget.settings.limit ?? 5,
          }
        : { type: 'kpi', metrics: [], limit: 5 },
    );
  }, [open, widget, form]);

  const metricOptions = (active ?? []).map((m) => ({ value: m.key, label: titleOf(t, m.key, active) }));
  const forbidden = forbiddenDimensions(reader);
  const dimensionOptions = DASHBOARD_TOP_DIMENSIONS.filter((d) => !forbidden.includes(d)).map((d) => ({
    value: d,
    label: t(`dimensions.${d}`, { defaultValue: d }),
  }));

  return (
    <Modal
      open={open}
      title={widget ? t('form.editTitle') : t('form.addTitle')}
      okText={widget ? t('form.save') : t('form.add')}
      cancelText={t('form.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => void form.validateFields().then(onSave)}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'widget-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" requiredMark={false} data-testid="widget-form">
        <Form.Item name="type" label={t('form.type')}>
          <Radio.Group disabled={!!widget} optionType="button" buttonStyle="solid" data-testid="widget-type">
            {DASHBOARD_WIDGET_TYPES.map((k) => (
              <Radio.Button key={k} value={k} data-testid={`widget-type-${k}`}>
                {t(`types.${k}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t(`typeHints.${type}`)}
        </Typography.Paragraph>
        {type === 'funnel' || type === 'live' ? null : NEEDS_ONE.includes(type) ? (
          <Form.Item
            name="metrics"
            label={t('form.metric')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.required') }]}
            getValueFromEvent={(v: string) => (v ? [v] : [])}
            getValueProps={(v: string[] | undefined) => ({ value: v?.[0] })}
          >
            <Select options={metricOptions} showSearch={{ optionFilterProp: 'label' }} data-testid="widget-metric" />
          </Form.Item>
        ) : (
          <Form.Item
            name="metrics"
            label={t('form.metrics')}
            rules={[{ required: true, type: 'array', min: 1, message: t('form.required') }]}
          >
            <Select
              mode="multiple"
              maxCount={DASHBOARD_MAX_LINE_METRICS}
              options={metricOptions}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="widget-metrics"
            />
          </Form.Item>
        )}
        {type === 'top' ? (
          <>
            <Form.Item name="groupBy" label={t('form.groupBy')} rules={[{ required: true, message: t('form.required') }]}>
              <Select options={dimensionOptions} data-testid="widget-group-by" />
            </Form.Item>
            <Form.Item name="limit" label={t('form.limit')}>
              <InputNumber min={1} max={50} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="title" label={t('form.title')}>
          <Input maxLength={100} placeholder={t('form.titlePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
