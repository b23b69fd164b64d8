/**
 * The lead-categories tab: lead grades (edit_lead_grades: the quality marks advertisers give leads, which status
 * mappings and postbacks refer to by key) and lead categories (edit_lead_categories), each a list of key and title.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { leadGradesSection, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { zTitle } from '@leadgrid/shared/validation';
import { Button, Col, Empty, Flex, Form, Input, Row, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../../../components/form';
import { NS } from '../i18n';
import { MONO, SectionCard, useSectionForm } from '../sections';

interface KeyedRow {
  key: string;
  title: string;
}
interface Values {
  items: KeyedRow[];
}
/** the key rule of a grade or category (letters, digits, `_.-`, not starting with a digit) */
const zKey = leadGradesSection.element.shape.key;

/** 'Very hot' -> 'very_hot': a key suggested from the title while the key is empty */
export const keyFromTitle = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z_]+/, '')
    .replace(/_+$/, '')
    .slice(0, 100);

function KeyedList({ vertical, canWrite, kind }: { vertical: Vertical; canWrite: boolean; kind: 'grades' | 'categories' }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { token } = theme.useToken();
  const field = kind === 'grades' ? 'leadGrades' : 'leadCategories';
  const state = useSectionForm<Values>({
    vertical,
    section: kind === 'grades' ? 'lead_grades' : 'lead_categories',
    prefix: ['items'],
    toForm: (v) => ({ items: v[field].map((x) => ({ key: x.key, title: x.title })) }),
    toData: (v) => (v.items ?? []).map((x) => ({ key: x.key.trim(), title: x.title.trim() })),
  });
  const unique = {
    validator: async (_r: unknown, value: string) => {
      const keys = ((state.form.getFieldValue('items') as KeyedRow[] | undefined) ?? []).map((x) => x?.key?.trim().toLowerCase());
      if (value && keys.filter((x) => x === value.trim().toLowerCase()).length > 1) throw new Error(tc('validation.unique'));
    },
  };
  return (
    <SectionCard
      title={t(`${kind}.title`)}
      description={t(`${kind}.description`)}
      state={state}
      canWrite={canWrite}
      testId={`vertical-${kind}`}
    >
      <Form form={state.form} disabled={!canWrite} onValuesChange={state.touch} requiredMark={false}>
        <Form.List name="items">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${kind}.empty`)} style={{ margin: '8px 0' }} />
              ) : (
                <Flex gap={8} style={{ color: token.colorTextSecondary, fontSize: 12 }}>
                  <span style={{ width: '40%' }}>{t('keyed.key')}</span>
                  <span>{t('keyed.title')}</span>
                </Flex>
              )}
              {rows.map((row, index) => (
                <Flex key={row.key} gap={8} align="flex-start" data-testid={`${kind}-row`}>
                  <Form.Item
                    name={[row.name, 'key']}
                    rules={[requiredRule(tc), zodRule(zKey, tc), unique]}
                    validateFirst
                    style={{ width: '40%', marginBottom: 0 }}
                  >
                    <Input
                      placeholder={kind === 'grades' ? 'hot' : 'payday'}
                      spellCheck={false}
                      maxLength={100}
                      style={MONO}
                      data-testid={`${kind}-key`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'title']}
                    rules={[requiredRule(tc), zodRule(zTitle(), tc)]}
                    validateFirst
                    style={{ flex: 1, marginBottom: 0 }}
                  >
                    <Input
                      maxLength={200}
                      placeholder={kind === 'grades' ? t('grades.placeholder') : t('categories.placeholder')}
                      onBlur={(e) => {
                        const key = state.form.getFieldValue(['items', row.name, 'key']) as string;
                        if (!key && e.target.value.trim()) {
                          state.form.setFieldValue(['items', row.name, 'key'], keyFromTitle(e.target.value));
                          void state.form.validateFields([['items', row.name, 'key']]).catch(() => undefined);
                        }
                      }}
                      data-testid={`${kind}-title`}
                    />
                  </Form.Item>
                  {canWrite ? (
                    <Tooltip title={t('keyed.remove')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('keyed.remove')}
                        onClick={() => {
                          remove(index);
                          state.touch();
                        }}
                      />
                    </Tooltip>
                  ) : null}
                </Flex>
              ))}
              {canWrite ? (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={rows.length >= 100}
                  onClick={() => {
                    add({ key: '', title: '' });
                    state.touch();
                  }}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid={`${kind}-add`}
                >
                  {t(`${kind}.add`)}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form>
    </SectionCard>
  );
}

export function LeadCategoriesTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} xl={12}>
        <KeyedList vertical={vertical} canWrite={canWrite} kind="grades" />
      </Col>
      <Col xs={24} xl={12}>
        <KeyedList vertical={vertical} canWrite={canWrite} kind="categories" />
      </Col>
    </Row>
  );
}
