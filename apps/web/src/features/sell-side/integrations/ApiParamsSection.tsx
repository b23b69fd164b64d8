/**
 * API parameters (`edit_api_parameters`): named credentials and settings (base URL, API key, ...) referred to as
 * `{{name}}` in URLs, headers and constants, or mapped directly as a field. A secret one is masked for readers
 * who may not edit and in recorded requests. On a template this is the "isp" tab: the parameters each integration
 * made from it fills in.
 */
import { LockOutlined } from '@ant-design/icons';
import { apiParameterSchema, type ApiParameter } from '@leadgrid/shared/sell-side/integration-sections';
import { Col, Flex, Form, Input, Row, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { messageText, requiredRule, zodRule } from '../../../components/form';
import type { Owner, SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { ListEmpty, ListHeader, MONO, SectionCard, useCanWrite, useSectionForm } from './parts';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';

interface Values {
  rows: ApiParameter[];
}
const toForm = (r: SectionOwnerRecord): Values => ({ rows: r.apiParameters.map((p) => ({ ...p })) });
const toData = (v: Values) =>
  (v.rows ?? []).map((p) => ({
    name: (p.name ?? '').trim(),
    title: (p.title ?? '').trim(),
    value: p.value ?? '',
    secret: Boolean(p.secret),
  }));

const SPANS = [5, 6, 9, 2, 2];

function ParamRows({ form, disabled }: { form: FormInstance<Values>; disabled: boolean }) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const uniqueRule = (index: number) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const mine = (value ?? '').trim().toLowerCase();
      const rows: ApiParameter[] = form.getFieldValue('rows') ?? [];
      if (mine && rows.some((r, i) => i < index && (r?.name ?? '').trim().toLowerCase() === mine))
        throw new Error(messageText(tc, 'unique'));
    },
  });
  return (
    <Form.List name="rows">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.length === 0 ? (
            <ListEmpty title={t('params.emptyTitle')} text={t('params.emptyText')} />
          ) : (
            <ListHeader
              columns={[
                { span: SPANS[0], label: t('params.name'), required: true },
                { span: SPANS[1], label: t('params.title') },
                { span: SPANS[2], label: t('params.value') },
                { span: SPANS[3], label: t('params.secret') },
                { span: SPANS[4] },
              ]}
            />
          )}
          {fields.map((field, index) => (
            <Row key={field.key} gutter={12} data-testid={`param-row-${index}`}>
              <Col span={SPANS[0]}>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[requiredRule(tc), zodRule(apiParameterSchema.shape.name, tc), uniqueRule(index)]}
                  validateFirst
                  extra={
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const name = (form.getFieldValue(['rows', field.name, 'name']) ?? '').trim();
                        return name ? (
                          <Typography.Text type="secondary" copyable={{ text: `{{${name}}}` }} style={{ fontFamily: MONO, fontSize: 12 }}>
                            {`{{${name}}}`}
                          </Typography.Text>
                        ) : null;
                      }}
                    </Form.Item>
                  }
                >
                  <Input placeholder="apiKey" maxLength={100} style={{ fontFamily: MONO }} data-testid="param-name" />
                </Form.Item>
              </Col>
              <Col span={SPANS[1]}>
                <Form.Item name={[field.name, 'title']} rules={[zodRule(apiParameterSchema.shape.title, tc)]}>
                  <Input placeholder={t('params.titlePlaceholder')} maxLength={200} data-testid="param-title" />
                </Form.Item>
              </Col>
              <Col span={SPANS[2]}>
                <Form.Item noStyle shouldUpdate={(a: Values, b: Values) => a.rows?.[field.name]?.secret !== b.rows?.[field.name]?.secret}>
                  {() => (
                    <Form.Item name={[field.name, 'value']} rules={[zodRule(apiParameterSchema.shape.value, tc)]}>
                      {form.getFieldValue(['rows', field.name, 'secret']) ? (
                        <Input.Password
                          placeholder={t('params.valuePlaceholder')}
                          maxLength={2000}
                          autoComplete="new-password"
                          data-testid="param-value"
                        />
                      ) : (
                        <Input placeholder={t('params.valuePlaceholder')} maxLength={2000} data-testid="param-value" />
                      )}
                    </Form.Item>
                  )}
                </Form.Item>
              </Col>
              <Col span={SPANS[3]}>
                <Form.Item name={[field.name, 'secret']} valuePropName="checked">
                  <Switch checkedChildren={<LockOutlined />} aria-label={t('params.secret')} data-testid="param-secret" />
                </Form.Item>
              </Col>
              <Col span={SPANS[4]}>
                {!disabled ? <RemoveRowButton label={t('params.remove')} onClick={() => remove(field.name)} testId="param-remove" /> : null}
              </Col>
            </Row>
          ))}
          {!disabled ? (
            <AddRowButton onClick={() => add({ name: '', title: '', value: '', secret: false })} testId="param-add">
              {t('params.add')}
            </AddRowButton>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

export function ApiParamsSection({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const canWrite = useCanWrite(owner);
  const state = useSectionForm<Values>({ owner, record, section: 'api_parameters', toForm, toData, listField: 'rows' });
  return (
    <SectionCard
      title={owner === 'template' ? t('params.templateTitle') : t('params.cardTitle')}
      description={owner === 'template' ? t('params.templateDescription') : t('params.description')}
      state={state}
      canWrite={canWrite}
      testId="section-api-params"
    >
      <Form form={state.form} onValuesChange={state.onValuesChange} disabled={!canWrite}>
        <ParamRows form={state.form} disabled={!canWrite} />
      </Form>
    </SectionCard>
  );
}
