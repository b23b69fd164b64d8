/**
 * The same change to many offers (POST /offers/bulk_edit): status, hot flag and access type set, tags, categories,
 * managers and geos replaced, added to or removed from each offer's list. A part left at "do not change" is not sent.
 */
import type { OfferBulkEdit } from '@leadgrid/shared/inventory/offers';
import { Col, Form, Row, Segmented, Typography } from 'antd';
import { BulkEditModal as BulkEditKit, BulkPart, flagModes, ListModePart, type ListMode } from '../../../components/bulk/BulkEditModal';
import { CountrySelect } from '../../../components/sieve/pickers';
import { CategoryPicker, TagPicker } from '../../../components/pickers/lists';
import { useBulkEditOffers } from './api';
import { useOffersT } from './i18n';
import { OfferManagerPicker } from './pickers';

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

export function BulkEditModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useOffersT();
  const bulk = useBulkEditOffers();
  const keep = { value: 'keep', label: t('bulk.keep') };
  return (
    <BulkEditKit<BulkValues, OfferBulkEdit>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title={t('bulk.title', { count: ids.length })}
      okText={t('bulk.apply')}
      t={t}
      initial={BULK_INITIAL}
      build={(v) => bulkBody(ids, v)}
      mutate={(body) => bulk.mutateAsync(body)}
      pending={bulk.isPending}
      nothing={t('bulk.nothing')}
      width={760}
      keepMounted
      testIds={{ apply: 'offer-bulk-apply', form: 'offer-bulk-form' }}
    >
      {(values) => (
        <>
          <Typography.Paragraph type="secondary">{t('bulk.hint')}</Typography.Paragraph>
          <Row gutter={[12, 12]}>
            <Col xs={24} md={12}>
              <BulkPart label={t('fields.status')} fill>
                <Form.Item name="status" noStyle>
                  <Segmented
                    size="small"
                    options={[keep, ...(['active', 'inactive', 'draft'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))]}
                  />
                </Form.Item>
              </BulkPart>
            </Col>
            <Col xs={24} md={12}>
              <BulkPart label={t('fields.isHot')} fill>
                <Form.Item name="isHot" noStyle>
                  <Segmented size="small" options={flagModes(t)} />
                </Form.Item>
              </BulkPart>
            </Col>
            <Col xs={24} md={12}>
              <BulkPart label={t('fields.accessType')} fill>
                <Form.Item name="accessType" noStyle>
                  <Segmented
                    size="small"
                    options={[keep, { value: '1', label: t('access.public') }, { value: '3', label: t('access.private') }]}
                  />
                </Form.Item>
              </BulkPart>
            </Col>
            <Col xs={24} md={12}>
              <ListModePart label={t('fields.tags')} mode="tagsMode" field="tagIds" current={values?.tagsMode} t={t} fill>
                <TagPicker type="offer" maxTagCount="responsive" />
              </ListModePart>
            </Col>
            <Col xs={24} md={12}>
              <ListModePart
                label={t('fields.categories')}
                mode="categoriesMode"
                field="categoryIds"
                current={values?.categoriesMode}
                t={t}
                fill
              >
                <CategoryPicker maxTagCount="responsive" />
              </ListModePart>
            </Col>
            <Col xs={24} md={12}>
              <ListModePart label={t('fields.managers')} mode="managersMode" field="managerIds" current={values?.managersMode} t={t} fill>
                <OfferManagerPicker maxTagCount="responsive" />
              </ListModePart>
            </Col>
            <Col span={24}>
              <ListModePart label={t('fields.geos')} mode="geosMode" field="geos" current={values?.geosMode} t={t} fill>
                <CountrySelect maxTagCount={10} placeholder={t('fields.geos')} />
              </ListModePart>
            </Col>
          </Row>
        </>
      )}
    </BulkEditKit>
  );
}
