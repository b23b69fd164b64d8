/**
 * Status mapping (`edit_lead_status_mappings`): each status string the advertiser reports (by postback or API sync)
 * becomes one of our lead statuses (product §4 API lead statuses), a conversion status and optionally a lead grade of
 * the vertical. Advertiser statuses are unique, ignoring case (they are matched that way).
 */
import { API_LEAD_STATUSES } from '@leadgrid/shared/constants';
import { leadStatusMappingSchema, type LeadStatusMapping } from '@leadgrid/shared/sell-side/integration-sections';
import { CONVERSION_STATUS_VALUES } from '@leadgrid/shared/sell-side/sell-side';
import { Alert, Col, Flex, Form, Input, Row, Select } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { messageText, requiredRule, zodRule } from '../../../components/form';
import { StatusTag } from '../../../components/StatusTag';
import { useVertical, type Owner, type SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { ListEmpty, ListHeader, SectionCard, useCanWrite, useSectionForm } from './parts';
import { AddRowButton, RemoveRowButton } from '../../../components/RowButtons';

interface Row_ {
  advertiserStatus: string;
  leadStatus?: LeadStatusMapping['leadStatus'];
  conversionStatus?: LeadStatusMapping['conversionStatus'];
  leadGrade?: string | null;
}
interface Values {
  rows: Row_[];
}

const toForm = (r: SectionOwnerRecord): Values => ({
  rows: r.leadStatusMappings.map((m) => ({ ...m, leadGrade: m.leadGrade ?? null })),
});
const toData = (v: Values) =>
  (v.rows ?? []).map((m) => ({
    advertiserStatus: (m.advertiserStatus ?? '').trim(),
    leadStatus: m.leadStatus,
    conversionStatus: m.conversionStatus,
    leadGrade: m.leadGrade || null,
  }));

export const CONVERSION_STATUS_KEYS: Record<number, string> = { 1: 'pending', 2: 'hold', 3: 'approved', 4: 'rejected' };

const SPANS = [7, 5, 5, 5, 2];

/** The mapping rows: an exported piece so it can be tested on its own. */
export function StatusMappingRows({
  form,
  grades,
  disabled,
}: {
  form: FormInstance<Values>;
  grades: { key: string; title: string }[];
  disabled: boolean;
}) {
  const { t } = useIntT();
  const { t: tc } = useTranslation();
  const uniqueRule = (index: number) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const mine = (value ?? '').trim().toLowerCase();
      if (!mine) return;
      const rows: Row_[] = form.getFieldValue('rows') ?? [];
      if (rows.some((r, i) => i < index && (r?.advertiserStatus ?? '').trim().toLowerCase() === mine))
        throw new Error(messageText(tc, 'unique'));
    },
  });
  return (
    <Form.List name="rows">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.length === 0 ? (
            <ListEmpty title={t('mapping.emptyTitle')} text={t('mapping.emptyText')} />
          ) : (
            <ListHeader
              columns={[
                { span: SPANS[0], label: t('mapping.advertiserStatus'), required: true },
                { span: SPANS[1], label: t('mapping.leadStatus'), required: true },
                { span: SPANS[2], label: t('mapping.conversionStatus'), required: true },
                { span: SPANS[3], label: t('mapping.leadGrade') },
                { span: SPANS[4] },
              ]}
            />
          )}
          {fields.map((field, index) => (
            <Row key={field.key} gutter={12} data-testid={`mapping-row-${index}`}>
              <Col span={SPANS[0]}>
                <Form.Item
                  name={[field.name, 'advertiserStatus']}
                  rules={[requiredRule(tc), zodRule(leadStatusMappingSchema.shape.advertiserStatus, tc), uniqueRule(index)]}
                  validateFirst
                >
                  <Input placeholder={t('mapping.advertiserStatusPlaceholder')} maxLength={100} data-testid="mapping-advertiser-status" />
                </Form.Item>
              </Col>
              <Col span={SPANS[1]}>
                <Form.Item name={[field.name, 'leadStatus']} rules={[requiredRule(tc)]}>
                  <Select
                    placeholder={t('mapping.choose')}
                    options={API_LEAD_STATUSES.map((s) => ({ value: s, label: <StatusTag status={s} /> }))}
                    data-testid="mapping-lead-status"
                  />
                </Form.Item>
              </Col>
              <Col span={SPANS[2]}>
                <Form.Item name={[field.name, 'conversionStatus']} rules={[requiredRule(tc)]}>
                  <Select
                    placeholder={t('mapping.choose')}
                    options={CONVERSION_STATUS_VALUES.map((v) => ({ value: v, label: <StatusTag status={CONVERSION_STATUS_KEYS[v]} /> }))}
                    data-testid="mapping-conversion-status"
                  />
                </Form.Item>
              </Col>
              <Col span={SPANS[3]}>
                <Form.Item name={[field.name, 'leadGrade']}>
                  <Select
                    allowClear
                    placeholder={grades.length ? t('mapping.noGrade') : t('mapping.noGrades')}
                    disabled={disabled || grades.length === 0}
                    options={grades.map((g) => ({ value: g.key, label: g.title }))}
                    data-testid="mapping-lead-grade"
                  />
                </Form.Item>
              </Col>
              <Col span={SPANS[4]}>
                {!disabled ? (
                  <RemoveRowButton label={t('mapping.remove')} onClick={() => remove(field.name)} testId="mapping-remove" />
                ) : null}
              </Col>
            </Row>
          ))}
          {!disabled ? (
            <AddRowButton
              onClick={() => add({ advertiserStatus: '', leadStatus: undefined, conversionStatus: undefined, leadGrade: null })}
              testId="mapping-add"
            >
              {t('mapping.add')}
            </AddRowButton>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

export function StatusMappingSection({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const canWrite = useCanWrite(owner);
  const vertical = useVertical(record.vertical.id);
  const state = useSectionForm<Values>({ owner, record, section: 'lead_status_mappings', toForm, toData, listField: 'rows' });
  const grades = vertical.data?.leadGrades ?? [];
  return (
    <SectionCard
      title={t('mapping.cardTitle')}
      description={t('mapping.description')}
      state={state}
      canWrite={canWrite}
      testId="section-status-mapping"
    >
      {vertical.error ? <Alert type="warning" showIcon title={t('vertical.loadFailed')} description={t('vertical.needRead')} /> : null}
      <Form form={state.form} onValuesChange={state.onValuesChange} disabled={!canWrite} data-testid="mapping-form">
        <StatusMappingRows form={state.form} grades={grades} disabled={!canWrite} />
      </Form>
    </SectionCard>
  );
}
