/** A role as shown next to an employee: its title, and its type when the title does not already say it. */
import type { RoleType } from '@leadgrid/shared/access/permissions';
import { Flex, Tag, Typography } from 'antd';
import { StatusTag } from '../../../components/StatusTag';
import { ROLE_COLORS, useEmployeesT } from './i18n';

export function RoleLabel({ title, type, status }: { title: string; type: RoleType; status?: string }) {
  const { t } = useEmployeesT();
  const typeLabel = t(`roleTypes.${type}`);
  const same = title.trim().toLowerCase() === typeLabel.toLowerCase();
  return (
    <Flex gap={6} align="center" wrap>
      {same ? (
        <Tag color={ROLE_COLORS[type]} variant="outlined" style={{ marginInlineEnd: 0 }}>
          {title}
        </Tag>
      ) : (
        <>
          <Typography.Text>{title}</Typography.Text>
          <Tag color={ROLE_COLORS[type]} variant="outlined" style={{ marginInlineEnd: 0, fontSize: 11 }}>
            {typeLabel}
          </Tag>
        </>
      )}
      {status && status !== 'active' ? <StatusTag status={status} /> : null}
    </Flex>
  );
}
