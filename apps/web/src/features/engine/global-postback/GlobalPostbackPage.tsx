/**
 * /settings/global-postback (front.settings.global_postback.read; writes postback.global.update, admins): the
 * network-wide outbound postback — URL with macros, method, events, status — and the macro reference. Affiliates
 * see the macro reference only: the global postback is the network's, not theirs.
 */
import { SendOutlined } from '@ant-design/icons';
import { ACTIVE_STATUSES } from '@leadgrid/shared/constants';
import { macroToken, validateMacros } from '@leadgrid/shared/engine/macros';
import { POSTBACK_METHODS, type GlobalPostbackFields, type PostbackEvent } from '@leadgrid/shared/engine/postbacks';
import { rules } from '@leadgrid/shared/validation';
import { Alert, Button, Card, Flex, Form, Input, Result, Segmented, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allowed, isAffiliate, postbackRead } from '../../../app/access';
import { useSession } from '../../../app/session';
import { applyServerErrors, checkRule, requiredRule, useRevalidateOnLanguageChange } from '../../../components/form';
import { Page } from '../../../components/Page';
import { useGlobalPostback, useSaveGlobalPostback } from './api';
import { EventsField, MacroChips, MacrosFound, MacroTable, mono, useMacroInsert } from '../postbackBuilder';
import { NS } from '../postbackI18n';

const WRITE = 'postback.global.update';

interface FormValues {
  url: string;
  method: GlobalPostbackFields['method'];
  events: PostbackEvent[];
  active: boolean;
}

function GlobalPostbackForm() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { access } = useSession();
  const canWrite = allowed(access, WRITE);
  const postback = useGlobalPostback();
  const save = useSaveGlobalPostback();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLanguageChange(form);
  const url = Form.useWatch('url', form) ?? '';
  const [dirty, setDirty] = useState(false);
  const { urlRef, insert } = useMacroInsert(form, () => setDirty(true));

  const initial = useMemo<FormValues | null>(
    () =>
      postback.data
        ? { url: postback.data.url, method: postback.data.method, events: postback.data.events, active: postback.data.status === 'active' }
        : null,
    [postback.data],
  );
  useEffect(() => {
    if (!initial) return;
    form.setFieldsValue(initial);
    setDirty(false);
  }, [initial, form]);

  const discard = () => {
    form.resetFields();
    if (initial) form.setFieldsValue(initial);
    setDirty(false);
  };

  const submit = async () => {
    // an invalid form shows its messages on the fields: nothing more to do
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({
        url: values.url.trim(),
        method: values.method,
        events: values.events,
        status: values.active ? 'active' : 'inactive',
      });
      setDirty(false);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  if (postback.error) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => void postback.refetch()}>{tc('table.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!postback.data) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8}>
          <SendOutlined />
          {t('form')}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {!canWrite ? (
          <Alert type="info" showIcon title={t('readOnly')} />
        ) : postback.data.id === null ? (
          <Alert type="info" showIcon title={t('notSaved')} data-testid="gp-not-saved" />
        ) : null}
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark="optional"
          disabled={!canWrite}
          onValuesChange={() => setDirty(true)}
          data-testid="gp-form"
        >
          <Form.Item
            name="url"
            label={t('fields.url')}
            extra={t('hints.url')}
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              requiredRule(tc),
              { ...checkRule((v) => rules.url(v), tc), validateTrigger: 'onBlur' },
              {
                validator: async (_r, value: string | undefined) => {
                  const bad = validateMacros(value ?? '');
                  if (bad) throw new Error(t('unknownMacro', { macro: macroToken(bad.macro) }));
                },
              },
            ]}
          >
            <Input ref={urlRef} placeholder={t('placeholders.url')} maxLength={2048} style={mono} allowClear data-testid="gp-url" />
          </Form.Item>
          <Flex vertical gap={10} style={{ marginTop: -8, marginBottom: 20 }}>
            <MacrosFound url={url} />
            {canWrite ? <MacroChips onInsert={insert} /> : null}
          </Flex>
          <Flex gap={32} wrap>
            <Form.Item name="method" label={t('fields.method')} extra={t('hints.method')}>
              <Segmented options={POSTBACK_METHODS.map((m) => ({ value: m, label: m }))} data-testid="gp-method" />
            </Form.Item>
            <Form.Item name="active" label={t('fields.status')} valuePropName="checked" extra={t('hints.status')}>
              <Switch
                checkedChildren={tc(`status.${ACTIVE_STATUSES[0]}`)}
                unCheckedChildren={tc(`status.${ACTIVE_STATUSES[1]}`)}
                data-testid="gp-status"
              />
            </Form.Item>
          </Flex>
          <Form.Item name="events" label={t('fields.events')} extra={t('hints.events')} rules={[requiredRule(tc)]}>
            <EventsField />
          </Form.Item>
        </Form>
        {canWrite ? (
          <Flex justify="flex-end" gap={8}>
            <Button disabled={!dirty || save.isPending} onClick={discard}>
              {t('actions.reset')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()} data-testid="gp-save">
              {t('actions.save')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}

function AffiliateView() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const ownPostbacks = '/postbacks/active';
  const canOpenOwn = allowed(access, postbackRead);
  return (
    <Card variant="borderless" title={t('affiliate.title')}>
      <Flex vertical gap={16}>
        <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>{t('affiliate.text')}</Typography.Paragraph>
        <Flex vertical gap={4}>
          <Typography.Text type="secondary">{t('affiliate.example')}</Typography.Text>
          <Typography.Text code copyable style={{ ...mono, wordBreak: 'break-all' }}>
            {'https://tracker.example.com/postback?click_id={click_id}&sub1={sub1}&payout={payout}&currency={currency}&status={status}'}
          </Typography.Text>
        </Flex>
        {canOpenOwn ? (
          <Link to={ownPostbacks} data-testid="gp-own-postbacks">
            {t('affiliate.own')}
          </Link>
        ) : (
          <Alert type="info" showIcon title={t('affiliate.askManager')} />
        )}
        <MacroTable audience="affiliate" />
      </Flex>
    </Card>
  );
}

export default function GlobalPostbackPage() {
  const { t } = useTranslation(NS);
  const { access } = useSession();
  const affiliate = !!access && isAffiliate(access);
  return (
    <Page title={t('title')} subtitle={affiliate ? undefined : t('subtitle')}>
      {affiliate ? (
        <AffiliateView />
      ) : (
        <>
          <GlobalPostbackForm />
          <Card variant="borderless" title={t('macros.title')}>
            <Flex vertical gap={12}>
              <Typography.Text type="secondary">{t('macros.text')}</Typography.Text>
              <MacroTable audience="staff" />
            </Flex>
          </Card>
        </>
      )}
    </Page>
  );
}
