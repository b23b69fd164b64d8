/**
 * /leads/import (modules/engine/lead-import): upload a CSV or XLSX file, map its columns to lead fields with a
 * preview of its first rows, choose the affiliate (in the user's scope) and an offer it sees, store or distribute,
 * then follow the job's progress (server-sent events) and download the report of accepted, duplicate and invalid rows.
 * Below, the past imports the user may see (ImportHistory).
 */
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { LEAD_IMPORT_FIELDS, type LeadImportUpload, type LeadImportView } from '@leadgrid/shared/engine/lead-edit-import';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Progress,
  Result,
  Row,
  Select,
  Statistic,
  Steps,
  Switch,
  Table,
  Typography,
  Upload,
} from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { applyServerErrors } from '../../../components/form';
import { saveBlob } from '../../../components/export/ExportButton';
import { OfferPicker } from '../../../components/offer-picker/OfferPicker';
import { Page } from '../../../components/Page';
import { followImport, leadImportApi, useAffiliateOptions, useStartMutation, useUploadMutation } from './api';
import { useLeadImportT } from './i18n';

// the past imports sit below the import steps: their table (antd Table) loads beside the first view instead of in it
// (the screen's first-load budget, docs/decisions/web.md)
const ImportHistory = lazy(() => import('./ImportHistory').then((m) => ({ default: m.ImportHistory })));

interface Options {
  affiliateId?: number;
  offerId?: number;
  distribute: boolean;
  firePostbacks: boolean;
}

function Mapping({
  draft,
  onStarted,
  onRestart,
}: {
  draft: LeadImportUpload;
  onStarted: (v: LeadImportView) => void;
  onRestart: () => void;
}) {
  const { t } = useLeadImportT();
  const [form] = Form.useForm<Options>();
  const [mapping, setMapping] = useState<Record<number, string | undefined>>(() =>
    Object.fromEntries(Object.entries(draft.suggested).map(([f, c]) => [c, f])),
  );
  const [affSearch, setAffSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const affiliateId = Form.useWatch('affiliateId', form);
  const affiliates = useAffiliateOptions(affSearch);
  const start = useStartMutation();
  const fieldOptions = LEAD_IMPORT_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`, { defaultValue: f }) }));
  const used = new Set(Object.values(mapping).filter(Boolean));

  const submit = async (values: Options) => {
    setError(null);
    const chosen = Object.fromEntries(
      Object.entries(mapping)
        .filter(([, f]) => f)
        .map(([c, f]) => [f!, Number(c)]),
    );
    if (!Object.keys(chosen).length) return setError(t('mapping.needMapping'));
    try {
      onStarted(
        await start.mutateAsync({
          id: draft.id,
          input: {
            offerId: values.offerId!,
            affiliateId: values.affiliateId!,
            mapping: chosen,
            distribute: values.distribute,
            firePostbacks: values.firePostbacks,
          },
        }),
      );
    } catch (err) {
      const rest = applyServerErrors(form, err);
      if (rest.length) setError(rest.join(' '));
    }
  };

  const columns = draft.columns.map((name, i) => ({
    key: i,
    title: (
      <Flex vertical gap={4} style={{ minWidth: 150 }}>
        <Typography.Text strong>{name}</Typography.Text>
        <Select
          size="small"
          allowClear
          placeholder={t('mapping.skip')}
          value={mapping[i]}
          onChange={(v) => setMapping((m) => ({ ...m, [i]: v }))}
          options={fieldOptions.map((o) => ({ ...o, disabled: used.has(o.value) && mapping[i] !== o.value }))}
          data-testid={`import-map-${i}`}
        />
      </Flex>
    ),
    dataIndex: i,
    render: (v: string) => <Typography.Text style={{ fontSize: 12 }}>{v}</Typography.Text>,
  }));
  const rows = draft.preview.map((r, k) => ({ key: k, ...Object.fromEntries(r.map((v, i) => [i, v])) }));

  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={`${draft.fileName} · ${t('upload.rows', { count: draft.rowsTotal })}`}
        extra={<Button onClick={onRestart}>{t('mapping.restart')}</Button>}
      >
        <Typography.Paragraph type="secondary">{t('mapping.sourceDateHint')}</Typography.Paragraph>
        <Table
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="import-preview"
        />
      </Card>
      <Card size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={{ distribute: false, firePostbacks: false }}
          onFinish={submit}
          requiredMark={false}
        >
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="affiliateId" label={t('mapping.affiliate')} rules={[{ required: true, message: t('validation.required') }]}>
                <Select
                  showSearch={{ filterOption: false, onSearch: setAffSearch }}
                  loading={affiliates.isFetching}
                  onChange={() => form.setFieldValue('offerId', undefined)}
                  options={(affiliates.data ?? []).map((a) => ({
                    value: a.id,
                    label: `${`${a.firstName} ${a.lastName}`.trim() || a.email} (${a.email})`,
                  }))}
                  data-testid="import-affiliate"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="offerId" label={t('mapping.offer')} rules={[{ required: true, message: t('validation.required') }]}>
                {affiliateId ? (
                  <OfferPicker affiliateId={affiliateId} data-testid="import-offer" />
                ) : (
                  <Select disabled placeholder={t('mapping.pickAffiliate')} data-testid="import-offer" />
                )}
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={24} wrap>
            <Form.Item name="distribute" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Switch data-testid="import-distribute" />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() => (
                <Typography.Text style={{ lineHeight: '32px' }}>
                  {form.getFieldValue('distribute') ? t('mapping.distribute') : t('mapping.distributeOff')}
                </Typography.Text>
              )}
            </Form.Item>
          </Flex>
          <Flex gap={24}>
            <Form.Item name="firePostbacks" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Switch />
            </Form.Item>
            <Typography.Text style={{ lineHeight: '32px' }}>{t('mapping.postbacks')}</Typography.Text>
          </Flex>
          <Button type="primary" htmlType="submit" loading={start.isPending} data-testid="import-start">
            {t('mapping.start')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}

function Running({ view, onRestart }: { view: LeadImportView; onRestart: () => void }) {
  const { t } = useLeadImportT();
  const [state, setState] = useState(view);
  const close = useRef<(() => void) | null>(null);
  useEffect(() => {
    let alive = true;
    void followImport(view.id, (v) => alive && setState(v)).then((c) => (alive ? (close.current = c) : c()));
    return () => {
      alive = false;
      close.current?.();
    };
  }, [view.id]);
  const finished = state.status === 'done' || state.status === 'failed';
  const download = async () => saveBlob(await leadImportApi.report(state.id), `lead-import-${state.id}-report.csv`);
  const stats = (
    <Row gutter={16} style={{ width: '100%', maxWidth: 560 }}>
      <Col span={8}>
        <Statistic title={t('progress.accepted')} value={state.accepted} styles={{ content: { color: 'var(--ant-color-success)' } }} />
      </Col>
      <Col span={8}>
        <Statistic title={t('progress.duplicates')} value={state.duplicates} styles={{ content: { color: 'var(--ant-color-warning)' } }} />
      </Col>
      <Col span={8}>
        <Statistic title={t('progress.invalid')} value={state.invalid} styles={{ content: { color: 'var(--ant-color-error)' } }} />
      </Col>
    </Row>
  );
  if (!finished)
    return (
      <Card>
        <Flex vertical gap={16} align="center">
          <Progress type="circle" percent={state.progress} data-testid="import-progress" />
          <Typography.Text>
            {state.status === 'pending' ? t('progress.pending') : t('progress.running', { done: state.rowsDone, total: state.rowsTotal })}
          </Typography.Text>
          {stats}
        </Flex>
      </Card>
    );
  return (
    <Card>
      <Result
        status={state.status === 'done' ? 'success' : 'error'}
        title={<span data-testid="import-result">{state.status === 'done' ? t('progress.done') : t('progress.failed')}</span>}
        subTitle={state.error ?? `${state.fileName} · ${t('upload.rows', { count: state.rowsTotal })}`}
        extra={[
          <Button key="report" type="primary" icon={<DownloadOutlined />} onClick={download} data-testid="import-report">
            {t('progress.report')}
          </Button>,
          <Link key="leads" to="/leads">
            <Button>{t('progress.toLeads')}</Button>
          </Link>,
          <Button key="again" onClick={onRestart}>
            {t('mapping.restart')}
          </Button>,
        ]}
      >
        <Flex justify="center">{stats}</Flex>
      </Result>
    </Card>
  );
}

export default function LeadImportPage() {
  const { t } = useLeadImportT();
  const upload = useUploadMutation();
  const [draft, setDraft] = useState<LeadImportUpload | null>(null);
  const [started, setStarted] = useState<LeadImportView | null>(null);
  const restart = () => {
    setDraft(null);
    setStarted(null);
  };
  const step = started ? 2 : draft ? 1 : 0;
  const template = async () => saveBlob(await leadImportApi.template(), 'lead-import-template.csv');

  return (
    <Page
      title={t('title')}
      subtitle={t('subtitle')}
      extra={
        <Flex gap={8}>
          <Button icon={<DownloadOutlined />} onClick={template} data-testid="import-template">
            {t('upload.template')}
          </Button>
          <Link to="/leads">
            <Button>{t('back')}</Button>
          </Link>
        </Flex>
      }
    >
      <Flex vertical gap={20}>
        <Steps current={step} items={[{ title: t('steps.upload') }, { title: t('steps.mapping') }, { title: t('steps.progress') }]} />
        {step === 0 ? (
          <Upload.Dragger
            accept=".csv,.txt,.xlsx"
            showUploadList={false}
            disabled={upload.isPending}
            beforeUpload={(file) => {
              upload.mutate(file, { onSuccess: setDraft });
              return false;
            }}
            data-testid="import-upload"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('upload.drop')}</p>
            <p className="ant-upload-hint">{t('upload.hint')}</p>
          </Upload.Dragger>
        ) : null}
        {step === 1 && draft ? <Mapping draft={draft} onStarted={setStarted} onRestart={restart} /> : null}
        {step === 2 && started ? <Running view={started} onRestart={restart} /> : null}
        <Card size="small">
          <Suspense fallback={null}>
            <ImportHistory />
          </Suspense>
        </Card>
      </Flex>
    </Page>
  );
}
