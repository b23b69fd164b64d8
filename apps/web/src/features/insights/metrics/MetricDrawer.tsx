/** Create or edit a custom metric: title, description, group, output format and the formula builder. */
import { InfoCircleOutlined } from '@ant-design/icons';
import type { FormulaElement } from '@leadgrid/shared/insights/formula';
import {
  BUILT_IN_METRICS,
  METRIC_GROUP_MAX,
  METRIC_OUTPUT_FORMATS,
  metricCreate,
  type Metric,
  type MetricOutputFormat,
} from '@leadgrid/shared/insights/metrics';
import { AutoComplete, Flex, Form, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityDrawer, useEntityForm } from '../../../components/drawer/EntityDrawer';
import { requiredRule, zodRule } from '../../../components/form';
import { useCreateMetrics, useMetricFormData, useUpdateMetrics } from './api';
import { FormulaBuilder, formulaProblem } from './FormulaBuilder';
import { NS } from './i18n';
import { useMetricLabels } from './labels';

interface FormValues {
  title: string;
  description: string;
  group: string;
  outputFormat: MetricOutputFormat;
  formula: FormulaElement[];
  status: 'active' | 'inactive';
}

export function MetricDrawer({
  open,
  initial,
  onClose,
  onSaved,
}: {
  open: boolean;
  initial: Metric | null;
  onClose(): void;
  onSaved?: (metric: Metric) => void;
}) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const formData = useMetricFormData();
  const create = useCreateMetrics();
  const update = useUpdateMetrics();
  const { group } = useMetricLabels();
  const builtIns = formData.data?.builtIn ?? BUILT_IN_METRICS;
  const { form, saving, save } = useEntityForm<FormValues>({
    open,
    deps: [initial],
    values: () =>
      initial
        ? {
            title: initial.title,
            description: initial.description,
            group: initial.group,
            outputFormat: initial.outputFormat,
            formula: initial.formula,
            status: initial.status,
          }
        : { title: '', description: '', group: '', outputFormat: 'percentages', formula: [], status: 'active' },
  });

  const submit = () =>
    save(async (values) => {
      const item = {
        title: values.title.trim(),
        description: values.description ?? '',
        group: (values.group ?? '').trim(),
        outputFormat: values.outputFormat,
        formula: values.formula,
      };
      const saved = initial
        ? await update.mutateAsync([{ id: initial.id, ...item }])
        : await create.mutateAsync([{ ...item, status: values.status }]);
      onSaved?.(saved.items[0]);
      onClose();
    });

  return (
    <EntityDrawer
      open={open}
      title={initial ? t('edit') : t('create')}
      onClose={onClose}
      size={640}
      keepMounted
      cancelText={t('actions.cancel')}
      saveText={t('actions.save')}
      saving={saving}
      onSave={() => void submit()}
      saveTestId="metric-save"
    >
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="metric-form">
        <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(tc), zodRule(metricCreate.shape.title, tc)]} validateFirst>
          <Input maxLength={200} autoFocus data-testid="metric-title" />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[zodRule(metricCreate.shape.description, tc)]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={2000}
            showCount
            placeholder={t('placeholders.description')}
            data-testid="metric-description"
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="group"
            label={t('fields.group')}
            extra={t('hints.group')}
            style={{ flex: '1 1 220px' }}
            rules={[zodRule(metricCreate.shape.group, tc)]}
          >
            <AutoComplete
              options={(formData.data?.groups ?? []).map((g) => ({ value: g, label: group(g) }))}
              placeholder={t('placeholders.group')}
              maxLength={METRIC_GROUP_MAX}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
              data-testid="metric-group"
            />
          </Form.Item>
          <Form.Item name="outputFormat" label={t('fields.outputFormat')} rules={[requiredRule(tc)]} style={{ flex: '0 0 auto' }}>
            <Segmented
              options={METRIC_OUTPUT_FORMATS.map((f) => ({ value: f, label: t(`outputFormats.${f}`), title: t(`outputFormatHints.${f}`) }))}
              data-testid="metric-output-format"
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="formula"
          label={t('fields.formula')}
          required
          validateTrigger={['onChange']}
          rules={[
            {
              validator: async (_rule, value: FormulaElement[] | undefined) => {
                const code = formulaProblem(value);
                if (code) throw new Error(t(`formulaErrors.${code}`));
              },
            },
          ]}
          extra={
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <InfoCircleOutlined /> {t('builder.builtInOnly')}
            </Typography.Text>
          }
        >
          <FormulaBuilder builtIns={builtIns} />
        </Form.Item>
        {!initial ? (
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: tc(`status.${s}`) }))} />
          </Form.Item>
        ) : null}
      </Form>
    </EntityDrawer>
  );
}
