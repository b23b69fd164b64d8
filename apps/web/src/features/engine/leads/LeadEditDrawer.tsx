/**
 * The lead for editing (product §7; modules/engine/lead-edit): contact fields, country and language from the reference
 * look-ups, IP, landing and source URL, the affiliate's campaign of the offer, the offer's lander, subs and the
 * vertical's fields. Only changed values are sent; the server checks them like the lead API and its field errors land
 * on the fields.
 */
import type { LeadDetail } from '@leadgrid/shared/engine/leads';
import type { LeadEdit } from '@leadgrid/shared/engine/lead-edit-import';
import { Alert, Button, Col, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { applyServerErrors } from '../../../components/form';
import { useCountries, useLanguages } from '../../../components/sieve/api';
import { useLeadEditLookups, useLeadEditMutation } from './api';
import { useLeadsT } from './i18n';

const TEXT = ['firstName', 'lastName', 'phone', 'email', 'ip', 'landing', 'sourceUrl'] as const;
const SUBS = Array.from({ length: 9 }, (_, i) => `sub${i + 1}` as const);
type Values = { [key: string]: unknown; fields?: Record<string, string> };

const initialOf = (lead: LeadDetail): Values => ({
  ...Object.fromEntries(
    [...TEXT, 'country', 'language', ...SUBS].map((k) => [k, (lead as unknown as Record<string, string | null>)[k] ?? undefined]),
  ),
  campaignId: lead.campaign?.id ?? null,
  landerId: lead.lander?.id ?? null,
  fields: Object.fromEntries(Object.entries(lead.fields).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)])),
});

/** the changed values only ('' clears a text, null a campaign or lander) */
function changesOf(initial: Values, values: Values): LeadEdit {
  const out: Record<string, unknown> = {};
  for (const k of [...TEXT, 'country', 'language', ...SUBS, 'campaignId', 'landerId']) {
    const before = initial[k] ?? null;
    const after = values[k] === undefined || values[k] === '' ? null : values[k];
    if (before !== after) out[k] = after;
  }
  const fields = values.fields ?? {};
  if (JSON.stringify(fields) !== JSON.stringify(initial.fields ?? {}))
    out.fields = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
  return out as LeadEdit;
}

export function LeadEditDrawer({ lead, open, onClose }: { lead: LeadDetail; open: boolean; onClose: () => void }) {
  const { t } = useLeadsT();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const save = useLeadEditMutation();
  const countries = useCountries();
  const languages = useLanguages();
  const { campaigns, landers } = useLeadEditLookups(open ? lead : undefined);
  const initial = initialOf(lead);
  const fieldNames = Object.keys(lead.fields);

  const submit = async (values: Values) => {
    setFormError(null);
    const changes = changesOf(initial, values);
    if (!Object.keys(changes).length) return onClose();
    try {
      await save.mutateAsync({ id: lead.id, values: changes });
      onClose();
    } catch (err) {
      const rest = applyServerErrors(form, err);
      if (rest.length) setFormError(rest.join(' '));
    }
  };
  const text = (name: string) => (
    <Col xs={24} sm={12} key={name}>
      <Form.Item name={name} label={t(`detail.${name}`)}>
        <Input allowClear data-testid={`lead-edit-${name}`} />
      </Form.Item>
    </Col>
  );
  const heading = (title: string) => (
    <Typography.Title level={5} style={{ marginTop: 4 }}>
      {title}
    </Typography.Title>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={t('edit.title', { id: lead.id })}
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('edit.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="lead-edit-save">
            {t('edit.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false}>
        <Alert type="info" showIcon title={t('edit.hint')} style={{ marginBottom: 16 }} />
        {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
        {heading(t('edit.contact'))}
        <Row gutter={16}>
          {TEXT.slice(0, 4).map(text)}
          <Col xs={24} sm={12}>
            <Form.Item name="country" label={t('detail.country')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={countries.isLoading}
                options={(countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
                data-testid="lead-edit-country"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="language" label={t('detail.language')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                options={(languages.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {heading(t('edit.traffic'))}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="campaignId" label={t('edit.campaign')}>
              <Select
                allowClear
                placeholder={t('edit.none')}
                options={campaigns.map((c) => ({ value: c.id, label: `${c.title} (#${c.id})` }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="landerId" label={t('edit.lander')}>
              <Select
                allowClear
                placeholder={t('edit.none')}
                options={landers.map((l) => ({ value: l.id, label: `${l.title} (#${l.id})` }))}
              />
            </Form.Item>
          </Col>
          {TEXT.slice(4).map(text)}
        </Row>
        {heading(t('edit.subs'))}
        <Row gutter={16}>
          {SUBS.map((s) => (
            <Col xs={12} sm={8} key={s}>
              <Form.Item name={s} label={s}>
                <Input allowClear />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {fieldNames.length ? (
          <>
            {heading(t('edit.fields'))}
            <Row gutter={16}>
              {fieldNames.map((f) => (
                <Col xs={24} sm={12} key={f}>
                  <Form.Item name={['fields', f]} label={f}>
                    <Input allowClear />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        ) : null}
      </Form>
    </Drawer>
  );
}
