/**
 * The same change to many affiliates (POST /affiliates/bulk_edit): managers and tags replaced, added or removed,
 * the team set or left, the flags and the redirect set. A part left at "do not change" is not sent.
 */
import { REDIRECT_TO_ADVERTISER } from '@leadgrid/shared/constants';
import type { AffiliateBulkEdit } from '@leadgrid/shared/people/people';
import { Flex, Form, Row, Segmented, Select, Typography } from 'antd';
import {
  BulkEditModal as BulkEditKit,
  BulkPart,
  flag,
  FlagRow,
  flagModes,
  ListModePart,
  type FlagMode,
  type ListMode,
} from '../../../components/bulk/BulkEditModal';
import { TagPicker } from '../../../components/pickers/lists';
import { useBulkEditAffiliates } from '../../../api/affiliates';
import { useAffiliatesT } from './i18n';
import { ManagerPicker, TeamPicker } from '../../../components/pickers/people';

interface Values {
  managersMode: ListMode;
  managerIds: number[];
  tagsMode: ListMode;
  tagIds: number[];
  teamMode: 'keep' | 'set' | 'leave';
  teamId?: number;
  acceptColdTraffic: FlagMode;
  acceptInvalidLeads: FlagMode;
  redirectToAdvertiser: 'keep' | (typeof REDIRECT_TO_ADVERTISER)[number];
}

const INITIAL: Values = {
  managersMode: 'keep',
  managerIds: [],
  tagsMode: 'keep',
  tagIds: [],
  teamMode: 'keep',
  acceptColdTraffic: 'keep',
  acceptInvalidLeads: 'keep',
  redirectToAdvertiser: 'keep',
};

export function BulkEditModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useAffiliatesT();
  const bulk = useBulkEditAffiliates();
  const build = (v: Values): AffiliateBulkEdit | null => {
    const body: AffiliateBulkEdit = {
      ids,
      ...(v.managersMode !== 'keep' ? { managerIds: v.managerIds ?? [], managersMode: v.managersMode } : {}),
      ...(v.tagsMode !== 'keep' ? { tagIds: v.tagIds ?? [], tagsMode: v.tagsMode } : {}),
      ...(v.teamMode === 'set' ? { teamId: v.teamId } : v.teamMode === 'leave' ? { teamId: null } : {}),
      ...(flag(v.acceptColdTraffic) !== undefined ? { acceptColdTraffic: flag(v.acceptColdTraffic) } : {}),
      ...(flag(v.acceptInvalidLeads) !== undefined ? { acceptInvalidLeads: flag(v.acceptInvalidLeads) } : {}),
      ...(v.redirectToAdvertiser !== 'keep' ? { redirectToAdvertiser: v.redirectToAdvertiser } : {}),
    };
    return Object.keys(body).length > 1 ? body : null;
  };

  return (
    <BulkEditKit<Values, AffiliateBulkEdit>
      open={open}
      onClose={onClose}
      onDone={onDone}
      title={t('bulk.title', { count: ids.length })}
      okText={t('bulk.apply', { count: ids.length })}
      t={t}
      initial={INITIAL}
      build={build}
      mutate={(body) => bulk.mutateAsync(body)}
      pending={bulk.isPending}
      width={640}
      testIds={{ apply: 'bulk-edit-apply', form: 'bulk-edit-form' }}
    >
      {(values) => (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('bulk.text')}</Typography.Text>
          <ListModePart label={t('fields.managers')} mode="managersMode" field="managerIds" current={values?.managersMode} t={t}>
            <ManagerPicker />
          </ListModePart>
          <ListModePart label={t('fields.tags')} mode="tagsMode" field="tagIds" current={values?.tagsMode} t={t}>
            <TagPicker type="affiliate" />
          </ListModePart>
          <BulkPart label={t('fields.team')}>
            <Form.Item name="teamMode" noStyle>
              <Segmented
                size="small"
                style={{ alignSelf: 'flex-start' }}
                options={[
                  { value: 'keep', label: t('bulk.keep') },
                  { value: 'set', label: t('bulk.moveToTeam') },
                  { value: 'leave', label: t('bulk.leaveTeam') },
                ]}
              />
            </Form.Item>
            {values?.teamMode === 'set' ? (
              <Form.Item name="teamId" rules={[{ required: true, message: t('validation.required') }]} style={{ marginBottom: 0 }}>
                <TeamPicker multiple={false} purpose="assignment" />
              </Form.Item>
            ) : null}
          </BulkPart>
          <BulkPart label={t('bulk.flags')}>
            <Row gutter={[12, 8]} align="middle">
              <FlagRow label={t('fields.acceptColdTraffic')}>
                <Form.Item name="acceptColdTraffic" noStyle>
                  <Segmented options={flagModes(t)} size="small" />
                </Form.Item>
              </FlagRow>
              <FlagRow label={t('fields.acceptInvalidLeads')}>
                <Form.Item name="acceptInvalidLeads" noStyle>
                  <Segmented options={flagModes(t)} size="small" />
                </Form.Item>
              </FlagRow>
              <FlagRow label={t('fields.redirectToAdvertiser')}>
                <Form.Item name="redirectToAdvertiser" noStyle>
                  <Select
                    size="small"
                    style={{ width: '100%' }}
                    options={[
                      { value: 'keep', label: t('bulk.keep') },
                      ...REDIRECT_TO_ADVERTISER.map((value) => ({ value, label: t(`redirect.${value}`) })),
                    ]}
                  />
                </Form.Item>
              </FlagRow>
            </Row>
          </BulkPart>
        </Flex>
      )}
    </BulkEditKit>
  );
}
