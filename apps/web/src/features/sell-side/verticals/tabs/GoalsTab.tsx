/**
 * The goals tab (edit_goals): the conversion events of the vertical. A goal keeps its id when renamed (conversions
 * and integrations refer to it); new rows get an id when saved; a goal that integrations or templates report cannot
 * be removed (the server's refusal is shown in the card).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { verticalGoalInput, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { Button, Empty, Flex, Form, Input, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../../../components/form';
import { NS } from '../i18n';
import { MONO, SectionCard, useSectionForm } from '../sections';

interface GoalRow {
  id?: number;
  title: string;
}
interface Values {
  goals: GoalRow[];
}

export function GoalsTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const state = useSectionForm<Values>({
    vertical,
    section: 'goals',
    prefix: ['goals'],
    toForm: (v) => ({ goals: v.goals.map((g) => ({ id: g.id, title: g.title })) }),
    toData: (v) => (v.goals ?? []).map((g) => (g.id ? { id: g.id, title: g.title.trim() } : { title: g.title.trim() })),
  });
  const unique = {
    validator: async (_r: unknown, value: string) => {
      const titles = ((state.form.getFieldValue('goals') as GoalRow[] | undefined) ?? []).map((g) => g?.title?.trim().toLowerCase());
      if (value && titles.filter((x) => x === value.trim().toLowerCase()).length > 1) throw new Error(tc('validation.unique'));
    },
  };

  return (
    <SectionCard title={t('goals.title')} description={t('goals.description')} state={state} canWrite={canWrite} testId="vertical-goals">
      <Form form={state.form} disabled={!canWrite} onValuesChange={state.touch} requiredMark={false}>
        <Form.List name="goals">
          {(rows, { add, remove, move }) => (
            <Flex vertical gap={8} style={{ maxWidth: 760 }}>
              {rows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('goals.empty')} style={{ margin: '8px 0' }} />
              ) : (
                <Flex gap={12} style={{ padding: '0 4px', color: token.colorTextSecondary, fontSize: 12 }}>
                  <span style={{ width: 72 }}>{t('fields.id')}</span>
                  <span>{t('goals.goalTitle')}</span>
                </Flex>
              )}
              {rows.map((row, index) => {
                const id = state.form.getFieldValue(['goals', row.name, 'id']) as number | undefined;
                return (
                  <Flex key={row.key} gap={12} align="flex-start" data-testid="goal-row">
                    <div style={{ width: 72, paddingTop: 5 }}>
                      {id ? (
                        <Typography.Text style={MONO} copyable={{ text: String(id) }}>
                          #{id}
                        </Typography.Text>
                      ) : (
                        <Tag color="processing" variant="filled" style={{ marginInlineEnd: 0 }}>
                          {t('goals.new')}
                        </Tag>
                      )}
                    </div>
                    <Form.Item
                      name={[row.name, 'title']}
                      rules={[requiredRule(tc), zodRule(verticalGoalInput.shape.title, tc), unique]}
                      validateFirst
                      style={{ flex: 1, marginBottom: 0 }}
                    >
                      <Input maxLength={200} placeholder={t('goals.placeholder')} data-testid="goal-title" />
                    </Form.Item>
                    {canWrite ? (
                      <Flex gap={0}>
                        <Tooltip title={t('actions.moveUp')}>
                          <Button
                            type="text"
                            icon={<ArrowUpOutlined />}
                            aria-label={t('actions.moveUp')}
                            disabled={index === 0}
                            onClick={() => {
                              move(index, index - 1);
                              state.touch();
                            }}
                          />
                        </Tooltip>
                        <Tooltip title={t('actions.moveDown')}>
                          <Button
                            type="text"
                            icon={<ArrowDownOutlined />}
                            aria-label={t('actions.moveDown')}
                            disabled={index === rows.length - 1}
                            onClick={() => {
                              move(index, index + 1);
                              state.touch();
                            }}
                          />
                        </Tooltip>
                        <Tooltip title={t('goals.remove')}>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            aria-label={t('goals.remove')}
                            onClick={() => {
                              remove(index);
                              state.touch();
                            }}
                            data-testid="goal-remove"
                          />
                        </Tooltip>
                      </Flex>
                    ) : null}
                  </Flex>
                );
              })}
              {canWrite ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => {
                    add({ title: '' });
                    state.touch();
                  }}
                  disabled={rows.length >= 100}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="goal-add"
                >
                  {t('goals.add')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}
