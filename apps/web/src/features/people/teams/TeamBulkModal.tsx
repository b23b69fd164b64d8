/** The same change to many teams (POST /teams/bulk_edit): managers replaced, added or removed, and the flags. */
import type { TeamBulkEdit } from '@leadgrid/shared/people/people';
import { Flex, Form, Row, Segmented, Typography } from 'antd';
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
import { ManagerPicker } from '../../../components/pickers/people';
import { useBulkEditTeams } from './api';
import { useTeamsT } from './i18n';

interface Values {
  managersMode: ListMode;
  managerIds: number[];
  acceptColdTraffic: FlagMode;
  acceptInvalidLeads: FlagMode;
}

const INITIAL: Values = { managersMode: 'keep', managerIds: [], acceptColdTraffic: 'keep', acceptInvalidLeads: 'keep' };

export function TeamBulkModal({ ids, open, onClose, onDone }: { ids: number[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTeamsT();
  const bulk = useBulkEditTeams();
  const build = (v: Values): TeamBulkEdit | null => {
    const body: TeamBulkEdit = {
      ids,
      ...(v.managersMode !== 'keep' ? { managerIds: v.managerIds ?? [], managersMode: v.managersMode } : {}),
      ...(flag(v.acceptColdTraffic) !== undefined ? { acceptColdTraffic: flag(v.acceptColdTraffic) } : {}),
      ...(flag(v.acceptInvalidLeads) !== undefined ? { acceptInvalidLeads: flag(v.acceptInvalidLeads) } : {}),
    };
    return Object.keys(body).length > 1 ? body : null;
  };

  return (
    <BulkEditKit<Values, TeamBulkEdit>
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
      width={600}
    >
      {(values) => (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('bulk.text')}</Typography.Text>
          <ListModePart label={t('fields.managers')} mode="managersMode" field="managerIds" current={values?.managersMode} t={t}>
            <ManagerPicker />
          </ListModePart>
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
            </Row>
          </BulkPart>
        </Flex>
      )}
    </BulkEditKit>
  );
}
