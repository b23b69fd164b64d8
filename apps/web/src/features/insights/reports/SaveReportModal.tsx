/**
 * Saves a report (a ready report with its filters, or a statistics view) under a name, with the period it covers when
 * it runs and an optional e-mail schedule at an hour of the user's zone (`POST /reports`).
 */
import { REPORT_RANGES, REPORT_SCHEDULES, type ReportRange, type ReportSchedule, type ReportType } from '@leadgrid/shared/insights/reports';
import { EXPORT_FORMATS, type ExportFormat } from '@leadgrid/shared/insights/exports';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useReportMutations } from './api';
import { useReportsT } from './i18n';

interface Values {
  title: string;
  range: ReportRange;
  format: ExportFormat;
  schedule: ReportSchedule | 'none';
  sendHour: number;
}

export function SaveReportModal({
  open,
  onClose,
  type,
  query,
  range = 'yesterday',
  format = 'xlsx',
  viewTitle = false,
}: {
  open: boolean;
  onClose: () => void;
  type: ReportType;
  query: Record<string, string | string[] | number | boolean>;
  range?: ReportRange;
  format?: ExportFormat;
  viewTitle?: boolean;
}) {
  const { t } = useReportsT();
  const [form] = Form.useForm<Values>();
  const { create } = useReportMutations();
  const schedule = Form.useWatch('schedule', form);
  const submit = async () => {
    const v = await form.validateFields();
    await create.mutateAsync({
      title: v.title,
      type,
      query,
      range: v.range,
      format: v.format,
      schedule: v.schedule === 'none' ? null : v.schedule,
      sendHour: v.sendHour,
    });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={viewTitle ? t('save.viewTitle') : t('save.title')}
      okText={t('save.ok')}
      cancelText={t('save.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'save-report-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ title: t(`types.${type}`), range, format, schedule: 'none', sendHour: 8 }}>
        <Form.Item name="title" label={t('save.name')} rules={[{ required: true, max: 100 }]}>
          <Input data-testid="save-report-title" maxLength={100} />
        </Form.Item>
        <Form.Item name="range" label={t('save.range')}>
          <Select options={REPORT_RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))} />
        </Form.Item>
        <Form.Item name="format" label={t('save.format')}>
          <Select options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))} />
        </Form.Item>
        <Form.Item name="schedule" label={t('save.schedule')}>
          <Select
            data-testid="save-report-schedule"
            options={['none', ...REPORT_SCHEDULES].map((s) => ({ value: s, label: t(`schedules.${s}`) }))}
          />
        </Form.Item>
        {schedule && schedule !== 'none' ? (
          <Form.Item name="sendHour" label={t('save.hour')}>
            <InputNumber min={0} max={23} precision={0} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
