/**
 * Goals (`edit_goals`): which of the vertical's goals this advertiser reports. The vertical's goals are read from
 * GET /verticals/:id; a stored goal the vertical no longer has is listed too, so it can be unticked.
 */
import type { Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Alert, Button, Form, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { useVertical, type Owner, type SectionOwnerRecord } from './api';
import { useIntT } from './i18n';
import { ListEmpty, SectionCard, useCanWrite, useSectionForm } from './parts';

interface Values {
  goals: number[];
}
const toForm = (r: SectionOwnerRecord): Values => ({ goals: [...r.goals] });
const toData = (v: Values) => v.goals ?? [];

interface GoalRow {
  id: number;
  title: string;
  missing?: boolean;
}

function GoalPicker({
  value,
  onChange,
  goals,
  disabled,
  loading,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  goals: GoalRow[];
  disabled: boolean;
  loading: boolean;
}) {
  const { t } = useIntT();
  return (
    <Table<GoalRow>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={goals}
      loading={loading}
      data-testid="goals-table"
      rowSelection={{
        selectedRowKeys: value ?? [],
        onChange: (keys) => onChange?.(keys as number[]),
        getCheckboxProps: () => ({ disabled }),
        columnTitle: t('goals.reported'),
        columnWidth: 110,
      }}
      columns={[
        { key: 'id', dataIndex: 'id', title: t('goals.id'), width: 90 },
        {
          key: 'title',
          dataIndex: 'title',
          title: t('goals.title'),
          render: (title: string, g) =>
            g.missing ? (
              <Typography.Text type="secondary">
                {t('goals.missing', { id: g.id })} <Tag color="warning">{t('goals.removed')}</Tag>
              </Typography.Text>
            ) : (
              <Typography.Text strong>{title}</Typography.Text>
            ),
        },
      ]}
    />
  );
}

export function GoalsSection({ owner, record }: { owner: Owner; record: SectionOwnerRecord }) {
  const { t } = useIntT();
  const canWrite = useCanWrite(owner);
  const { access } = useSession();
  const vertical = useVertical(record.vertical.id);
  const state = useSectionForm<Values>({ owner, record, section: 'goals', toForm, toData, listField: 'goals' });
  const own: Vertical['goals'] = vertical.data?.goals ?? [];
  const known = new Set(own.map((g) => g.id));
  const rows: GoalRow[] = [...own, ...record.goals.filter((id) => !known.has(id)).map((id) => ({ id, title: '', missing: true }))];
  const verticalLink = allowed(access, 'vertical.read') ? `/settings/verticals/${record.vertical.id}/goals` : null;

  return (
    <SectionCard
      title={t('goals.cardTitle')}
      description={t('goals.description', { vertical: record.vertical.title })}
      state={state}
      canWrite={canWrite && own.length > 0}
      testId="section-goals"
    >
      {vertical.error ? <Alert type="warning" showIcon title={t('vertical.loadFailed')} description={t('vertical.needRead')} /> : null}
      <Form form={state.form} onValuesChange={state.onValuesChange} disabled={!canWrite}>
        {!vertical.isLoading && rows.length === 0 ? (
          <ListEmpty
            title={t('goals.emptyTitle')}
            text={t('goals.emptyText', { vertical: record.vertical.title })}
            action={
              verticalLink ? (
                <Link to={verticalLink}>
                  <Button>{t('goals.toVertical')}</Button>
                </Link>
              ) : undefined
            }
          />
        ) : (
          <Form.Item name="goals" style={{ marginBottom: 0 }}>
            <GoalPicker goals={rows} disabled={!canWrite} loading={vertical.isLoading} />
          </Form.Item>
        )}
      </Form>
    </SectionCard>
  );
}
