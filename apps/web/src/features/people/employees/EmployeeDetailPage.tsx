/**
 * /employees/{id} (front.menu.employees.read): one employee — profile and contacts, role, status (a block shows
 * its reason), what they manage, the custom permissions editor, and notes.
 */
import { EditOutlined, LoginOutlined, SwapOutlined } from '@ant-design/icons';
import { targetSlug } from '@leadgrid/shared/people/notes';
import type { Employee } from '@leadgrid/shared/people/people';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { EMPTY_VALUE, formatDateTime } from '../../../components/format';
import { ContactsList } from '../../../components/person/ContactsList';
import { PersonCell } from '../../../components/person/parts';
import { LANGUAGE_NAMES } from '../../../components/person/parts';
import { personName } from '@leadgrid/shared/people/names';
import { NotesPanel } from '../../../components/notes/NotesPanel';
import { EMPLOYEE_WRITE, useEmployee } from './api';
import { useEmployeesT } from './i18n';
import { RoleLabel } from './RoleLabel';
import { PermissionsEditor } from './PermissionsEditor';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import { useRoleTitle } from '../../../components/roleTitle';
import { BackButton, DetailHeading, DetailPage } from '../../../components/detail/DetailPage';

// opened on demand: loaded at the first opening (docs/decisions/web.md, first-load budgets)
const EmployeeDrawer = lazyWhenOpen(() => import('./EmployeeDrawer').then((m) => m.EmployeeDrawer));
const StatusModal = lazyWhenOpen(
  () => import('./StatusModal').then((m) => m.StatusModal),
  (p) => p.ids !== null,
);

function Profile({ e }: { e: Employee }) {
  const { t } = useEmployeesT();
  const roleTitle = useRoleTitle();
  const { timezone } = useSession();
  return (
    <Card variant="borderless" title={t('detail.profile')}>
      <Descriptions
        column={{ xs: 1, md: 2 }}
        colon={false}
        styles={{ label: { width: 140 } }}
        items={[
          { key: 'email', label: t('fields.email'), span: 'filled', children: <Typography.Text copyable>{e.email}</Typography.Text> },
          {
            key: 'role',
            label: t('fields.role'),
            children: <RoleLabel title={roleTitle(e.role)} type={e.role.type} status={e.role.status} />,
          },
          {
            key: 'twoFactor',
            label: t('fields.twoFactor'),
            children: e.twoFactorEnabled ? <Tag color="success">{t('twoFactor.on')}</Tag> : <Tag>{t('twoFactor.off')}</Tag>,
          },
          { key: 'birthDate', label: t('fields.birthDate'), children: e.birthDate ? e.birthDate.replaceAll('-', '.') : EMPTY_VALUE },
          { key: 'timezone', label: t('fields.timezone'), children: e.timezone },
          { key: 'language', label: t('fields.language'), children: LANGUAGE_NAMES[e.language as 'en'] ?? e.language },
          {
            key: 'managed',
            label: t('fields.managed'),
            children: t('managedLine', { affiliates: e.managedAffiliatesCount, teams: e.managedTeamsCount }),
          },
          { key: 'secureId', label: t('fields.secureId'), children: <Typography.Text code>{e.secureId}</Typography.Text> },
          { key: 'contacts', label: t('fields.contacts'), span: 'filled', children: <ContactsList contacts={e.contacts} /> },
          { key: 'createdAt', label: t('fields.createdAt'), children: formatDateTime(e.createdAt, timezone) },
          { key: 'createdBy', label: t('fields.createdBy'), children: <PersonCell person={e.createdBy} /> },
          { key: 'statusChangedAt', label: t('fields.statusChangedAt'), children: formatDateTime(e.statusChangedAt, timezone) },
          { key: 'lastActivityAt', label: t('fields.lastActivityAt'), children: formatDateTime(e.lastActivityAt, timezone) },
        ]}
      />
    </Card>
  );
}

export default function EmployeeDetailPage() {
  const { t } = useEmployeesT();
  const roleTitle = useRoleTitle();
  const { modal } = App.useApp();
  const { access, user, impersonate, impersonating } = useSession();
  const id = Number(useParams().id);
  const detail = useEmployee(id);
  const [editing, setEditing] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const e = detail.data;
  const self = user?.id === id;
  const canWrite = Boolean(e?.editable) && allowed(access, EMPLOYEE_WRITE);
  const canImpersonate = allowed(access, 'user.impersonate') && !impersonating && !self;
  const back = <BackButton to="/employees/active">{t('actions.back')}</BackButton>;

  const loginAs = () =>
    modal.confirm({
      title: t('impersonate.title', { name: e ? personName(e) : '' }),
      content: t('impersonate.text'),
      okText: t('impersonate.action'),
      cancelText: t('actions.cancel'),
      onOk: () => impersonate(id).catch(() => undefined),
    });

  return (
    <DetailPage
      query={detail}
      texts={{ title: t('title'), notFound: t('detail.notFound'), retry: t('actions.retry') }}
      back={back}
      heading={e ? <DetailHeading name={personName(e)} status={e.status} after={self ? <Tag>{t('you')}</Tag> : null} /> : undefined}
      subtitle={e ? `${roleTitle(e.role)} · #${e.id}` : undefined}
      actions={
        <>
          {e && canImpersonate ? (
            <Tooltip title={e.status !== 'active' ? t('impersonate.inactive') : undefined}>
              <Button icon={<LoginOutlined />} disabled={e.status !== 'active'} onClick={loginAs}>
                {t('impersonate.action')}
              </Button>
            </Tooltip>
          ) : null}
          {e && canWrite && !self ? (
            <Button icon={<SwapOutlined />} onClick={() => setStatusOpen(true)} data-testid="employee-status">
              {t('actions.status')}
            </Button>
          ) : null}
          {e && canWrite ? (
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="employee-edit">
              {t('actions.edit')}
            </Button>
          ) : null}
        </>
      }
    >
      {!e ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={16}>
            <Flex vertical gap={20}>
              {e.status === 'blocked' ? (
                <Alert
                  type="error"
                  showIcon
                  title={t('detail.blocked')}
                  description={e.blockReason ?? undefined}
                  data-testid="employee-block-reason"
                />
              ) : null}
              <Profile e={e} />
              <PermissionsEditor employeeId={id} name={personName(e)} canWrite={canWrite} self={self} />
            </Flex>
          </Col>
          <Col xs={24} xl={8}>
            <NotesPanel targetSlug={targetSlug('employee', id)} />
          </Col>
        </Row>
      )}
      <EmployeeDrawer open={editing} employee={e ?? null} onClose={() => setEditing(false)} />
      <StatusModal
        ids={statusOpen && e ? [e.id] : null}
        name={e ? personName(e) : undefined}
        current={e?.status}
        onClose={() => setStatusOpen(false)}
      />
    </DetailPage>
  );
}
