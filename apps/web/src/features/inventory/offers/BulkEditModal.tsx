/**
 * The same change to many offers (POST /offers/bulk_edit): status, hot flag and access type set, tags, categories,
 * managers and geos replaced, added to or removed from each offer's list. A part left at "do not change" is not sent.
 */
import { type LIST_EDIT_MODES } from '@leadgrid/shared/people/people';
import type { OfferBulkEdit } from '@leadgrid/shared/inventory/offers';
import { Alert, Col, Flex, Form, Modal, Row, Segmented, Typography, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { applyServerErrors } from '../../../components/form';
import { CountrySelect } from '../../../components/sieve/pickers';
import { CategoryPicker, TagPicker } from '../../../components/pickers/lists';
import { useBulkEditOffers } from './api';
import { useOffersT } from './i18n';
import { OfferManagerPicker } from './pickers';

type ListMode = 'keep' | (typeof LIST_EDIT_MODES)[number];
type Pick3<T extends string> = 'keep' | T;

export interface BulkValues {
  status: Pick3<'active' | 'inactive' | 'draft'>;
  isHot: Pick3<'on' | 'off'>;
  accessType: Pick3<'1' | '3'>;
  tagsMode: ListMode;
  tagIds: number[];
  categoriesMode: ListMode;
  categoryIds: number[];
  managersMode: ListMode;
  managerIds: number[];
  geosMode: ListMode;
  geos: string[];
}

export const BULK_INITIAL: BulkValues = {
  status: 'keep',
  isHot: 'keep',
  accessType: 'keep',
  tagsMode: 'keep',
  tagIds: [],
  categoriesMode: 'keep',
  categoryIds: [],
  managersMode: 'keep',
  managerIds: [],
  geosMode: 'keep',
  geos: [],
};

/** The bulk edit body of the modal's values; null when nothing would change. */
export function bulkBody(ids: number[], v: BulkValues): OfferBulkEdit | null {
  const body: OfferBulkEdit = { ids };
  if (v.status !== 'keep') body.status = v.status;
  if (v.isHot !== 'keep') body.isHot = v.isHot === 'on';
  if (v.accessType !== 'keep') body.accessType = Number(v.accessType) as 1 | 3;
  if (v.tagsMode !== 'keep') Object.assign(body, { tagIds: v.tagIds ?? [], tagsMode: v.tagsMode });
  if (v.categoriesMode !== 'keep') Object.assign(body, { categoryIds: v.categoryIds ?? [], categoriesMode: v.categoriesMode });
  if (v.managersMode !== 'keep') Object.assign(body, { managerIds: v.managerIds ?? [], managersMode: v.managersMode });
  if (v.geosMode !== 'keep') Object.assign(body, { geos: v.geos ?? [], geosMode: v.geosMode });
  return Object.keys(body).length > 1 ? body : null;
}

function Part({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={8}
      style={{
        padding: '12px 14px',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        height: '100%',
      }}
    >
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function BulkEditModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useOffersT();
  const [form] = Form.useForm<BulkValues>();
  const bulk = useBulkEditOffers();
  const [failure, setFailure] = useState<string[]>([]);
  const values = Form.useWatch([], form) as BulkValues | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(BULK_INITIAL);
    setFailure([]);
  }, [open, form]);

  const keep = { value: 'keep', label: t('bulk.keep') };
  const listModes = [
    keep,
    { value: 'replace', label: t('bulk.replace') },
    { value: 'add', label: t('bulk.add') },
    { value: 'remove', label: t('bulk.remove') },
  ];
  const body = values ? bulkBody(ids, { ...BULK_INITIAL, ...values }) : null;

  const submit = async () => {
    const v = { ...BULK_INITIAL, ...form.getFieldsValue() };
    const data = bulkBody(ids, v);
    if (!data) return setFailure([t('bulk.nothing')]);
    setFailure([]);
    try {
      await bulk.mutateAsync(data);
      onDone();
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  const list = (label: string, mode: keyof BulkValues, field: keyof BulkValues, control: ReactNode) => (
    <Part label={label}>
      <Form.Item name={mode} noStyle>
        <Segmented size="small" options={listModes} />
      </Form.Item>
      {values?.[mode] !== 'keep' ? (
        <Form.Item name={field} style={{ marginBottom: 0 }}>
          {control}
        </Form.Item>
      ) : null}
    </Part>
  );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={760}
      title={t('bulk.title', { count: ids.length })}
      okText={t('bulk.apply')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !body, loading: bulk.isPending, 'data-testid': 'offer-bulk-apply' } as never}
      forceRender
      destroyOnHidden={false}
    >
      <Typography.Paragraph type="secondary">{t('bulk.hint')}</Typography.Paragraph>
      <Form<BulkValues> form={form} layout="vertical" data-testid="offer-bulk-form">
        <Row gutter={[12, 12]}>
          <Col xs={24} md={12}>
            <Part label={t('fields.status')}>
              <Form.Item name="status" noStyle>
                <Segmented
                  size="small"
                  options={[keep, ...(['active', 'inactive', 'draft'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))]}
                />
              </Form.Item>
            </Part>
          </Col>
          <Col xs={24} md={12}>
            <Part label={t('fields.isHot')}>
              <Form.Item name="isHot" noStyle>
                <Segmented size="small" options={[keep, { value: 'on', label: t('bulk.on') }, { value: 'off', label: t('bulk.off') }]} />
              </Form.Item>
            </Part>
          </Col>
          <Col xs={24} md={12}>
            <Part label={t('fields.accessType')}>
              <Form.Item name="accessType" noStyle>
                <Segmented
                  size="small"
                  options={[keep, { value: '1', label: t('access.public') }, { value: '3', label: t('access.private') }]}
                />
              </Form.Item>
            </Part>
          </Col>
          <Col xs={24} md={12}>
            {list(t('fields.tags'), 'tagsMode', 'tagIds', <TagPicker type="offer" maxTagCount="responsive" />)}
          </Col>
          <Col xs={24} md={12}>
            {list(t('fields.categories'), 'categoriesMode', 'categoryIds', <CategoryPicker maxTagCount="responsive" />)}
          </Col>
          <Col xs={24} md={12}>
            {list(t('fields.managers'), 'managersMode', 'managerIds', <OfferManagerPicker maxTagCount="responsive" />)}
          </Col>
          <Col span={24}>
            {list(t('fields.geos'), 'geosMode', 'geos', <CountrySelect maxTagCount={10} placeholder={t('fields.geos')} />)}
          </Col>
        </Row>
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 12 }} /> : null}
      </Form>
    </Modal>
  );
}
