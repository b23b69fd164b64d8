/**
 * /settings/payment-settings: the base currency (changing it re-bases every rate, after a confirmation that shows
 * the new rates) and the invoice defaults — both for settings.general.update — plus the ways into currencies and
 * payment methods for whoever manages those.
 */
import { CreditCardOutlined, DollarOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { rebaseRate } from '@leadgrid/shared/money/decimal';
import { paymentSettingsUpdate, type PaymentSettings } from '@leadgrid/shared/money/payments';
import { App, Button, Card, Col, Flex, Form, Input, InputNumber, Result, Row, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../components/form';
import { Page } from '../../../components/Page';
import { useAllCurrencies } from '../../../api/currencies';
import { usePaymentSettings, useUpdatePaymentSettings } from './api';
import { NS } from './i18n';
import { WithdrawalsCard } from './WithdrawalsCard';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

function BaseCurrencyCard({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation(NS);
  const { modal } = App.useApp();
  const currencies = useAllCurrencies();
  const save = useUpdatePaymentSettings();
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const active = (currencies.data ?? []).filter((c) => c.status === 'active');
  const current = currencies.data?.find((c) => c.code === settings.baseCurrency);
  const target = active.find((c) => c.code === choice);

  const confirm = () => {
    if (!target) return;
    const rows = (currencies.data ?? []).map((c) => ({ code: c.code, name: c.name, rate: rebaseRate(c.rate, target.rate) }));
    modal.confirm({
      title: t('base.confirmTitle', { code: target.code }),
      width: 520,
      content: (
        <Flex vertical gap={10}>
          <Typography.Text>{t('base.confirmText', { code: target.code })}</Typography.Text>
          <Typography.Text type="secondary">{t('base.preview', { code: target.code })}</Typography.Text>
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={rows}
            scroll={{ y: 240 }}
            columns={[
              { key: 'code', dataIndex: 'code', render: (c: string) => <span style={mono}>{c}</span> },
              { key: 'name', dataIndex: 'name' },
              { key: 'rate', dataIndex: 'rate', align: 'right', render: (r: string) => <span style={mono}>{r}</span> },
            ]}
            showHeader={false}
          />
        </Flex>
      ),
      okText: t('base.confirm'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        await save.mutateAsync({ baseCurrency: target.code });
        setChoice(undefined);
      },
    });
  };

  return (
    <Card variant="borderless" title={t('base.title')} data-testid="base-currency-card">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('base.text')}</Typography.Text>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
            {t('base.current')}
          </Typography.Text>
          <Flex align="baseline" gap={10}>
            <Typography.Title level={2} style={{ margin: 0, ...mono }} data-testid="base-currency">
              {settings.baseCurrency}
            </Typography.Title>
            {current ? (
              <Typography.Text type="secondary">
                {current.name} · {current.symbol}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          <Select
            value={choice}
            onChange={setChoice}
            placeholder={t('base.choose')}
            aria-label={t('base.choose')}
            loading={currencies.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={active.filter((c) => c.code !== settings.baseCurrency).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            style={{ width: 260 }}
            data-testid="base-currency-select"
          />
          <Button type="primary" disabled={!target} loading={save.isPending} onClick={confirm} data-testid="base-currency-change">
            {t('base.change')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

interface InvoiceValues {
  invoiceTitlePrefix: string;
  paymentTermsDays: number;
  minPayoutAmount: string;
}

function InvoiceDefaultsCard({ settings }: { settings: PaymentSettings }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<InvoiceValues>();
  useRevalidateOnLanguageChange(form);
  const save = useUpdatePaymentSettings();
  const [dirty, setDirty] = useState(false);
  const prefix = Form.useWatch('invoiceTitlePrefix', form) ?? settings.invoiceTitlePrefix;
  const initial = useMemo(
    () => ({
      invoiceTitlePrefix: settings.invoiceTitlePrefix,
      paymentTermsDays: settings.paymentTermsDays,
      minPayoutAmount: settings.minPayoutAmount,
    }),
    [settings],
  );
  useEffect(() => {
    if (!dirty) form.setFieldsValue(initial);
  }, [initial, dirty, form]);

  const submit = async (v: InvoiceValues) => {
    try {
      await save.mutateAsync({
        invoiceTitlePrefix: v.invoiceTitlePrefix.trim(),
        paymentTermsDays: v.paymentTermsDays,
        minPayoutAmount: v.minPayoutAmount.trim(),
      });
      setDirty(false);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <Card variant="borderless" title={t('invoice.title')}>
      <Form<InvoiceValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onValuesChange={() => setDirty(true)}
        onFinish={(v) => void submit(v)}
        data-testid="invoice-defaults-form"
      >
        <Form.Item
          name="invoiceTitlePrefix"
          label={t('invoice.prefix')}
          extra={t('invoice.prefixHint', { example: `${prefix ?? ''}000123` })}
          rules={[zodRule(paymentSettingsUpdate.shape.invoiceTitlePrefix.unwrap(), tc)]}
        >
          <Input maxLength={20} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item name="paymentTermsDays" label={t('invoice.terms')} extra={t('invoice.termsHint')} rules={[requiredRule(tc)]}>
          <InputNumber min={0} max={365} precision={0} suffix={t('invoice.days')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="minPayoutAmount"
          label={t('invoice.minPayout')}
          extra={t('invoice.minPayoutHint')}
          rules={[requiredRule(tc), zodRule(paymentSettingsUpdate.shape.minPayoutAmount.unwrap(), tc)]}
          validateFirst
        >
          <Input inputMode="decimal" suffix={settings.baseCurrency} style={{ maxWidth: 240 }} data-testid="min-payout" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty}>
          {t('invoice.save')}
        </Button>
      </Form>
    </Card>
  );
}

function LinkCard({ icon, title, text, to }: { icon: ReactNode; title: string; text: string; to: string }) {
  const { t } = useTranslation(NS);
  return (
    <Card variant="borderless" hoverable styles={{ body: { padding: 20 } }}>
      <Link to={to} style={{ color: 'inherit' }}>
        <Flex align="center" gap={14}>
          <Tag color="blue" style={{ fontSize: 18, padding: '6px 8px', marginInlineEnd: 0 }}>
            {icon}
          </Tag>
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong>{title}</Typography.Text>
            <Typography.Text type="secondary">{text}</Typography.Text>
          </Flex>
          <RightOutlined aria-label={t('links.open')} />
        </Flex>
      </Link>
    </Card>
  );
}

export default function PaymentSettingsPage() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const canEdit = allowed(access, 'settings.general.update');
  const canCurrencies = allowed(access, 'currency.update');
  const canMethods = allowed(access, 'payment_method.update');
  const settings = usePaymentSettings(canEdit);
  const currencies = useAllCurrencies();
  const activeCount = (currencies.data ?? []).filter((c) => c.status === 'active').length;

  const links =
    canCurrencies || canMethods ? (
      <Row gutter={[20, 20]}>
        {canCurrencies ? (
          <Col xs={24} md={12}>
            <LinkCard
              icon={<DollarOutlined />}
              title={t('links.currencies')}
              text={t('links.currenciesText', { count: activeCount })}
              to="/settings/currencies/active"
            />
          </Col>
        ) : null}
        {canMethods ? (
          <Col xs={24} md={12}>
            <LinkCard
              icon={<CreditCardOutlined />}
              title={t('links.paymentMethods')}
              text={t('links.paymentMethodsText')}
              to="/settings/payment-methods/active"
            />
          </Col>
        ) : null}
      </Row>
    ) : null;

  let body: ReactNode = null;
  if (canEdit) {
    if (settings.error) {
      body = (
        <Card variant="borderless">
          <Result
            status="warning"
            title={t('loadFailed')}
            subTitle={settings.error instanceof ApiError ? settings.error.message : undefined}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void settings.refetch()}>
                {t('actions.retry')}
              </Button>
            }
          />
        </Card>
      );
    } else if (!settings.data) {
      body = (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      );
    } else {
      body = (
        <Row gutter={[20, 20]} align="top">
          <Col xs={24} xl={12}>
            <BaseCurrencyCard settings={settings.data} />
          </Col>
          <Col xs={24} xl={12}>
            <InvoiceDefaultsCard settings={settings.data} />
          </Col>
          <Col xs={24} xl={12}>
            <WithdrawalsCard settings={settings.data} />
          </Col>
        </Row>
      );
    }
  }

  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      {body}
      {links}
    </Page>
  );
}
