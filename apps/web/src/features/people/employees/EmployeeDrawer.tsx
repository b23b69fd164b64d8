/**
 * Create (PUT /employees) or edit (PATCH /employees) an employee: account and profile, contacts and the role
 * (an active role of a staff type). An edit sends only what changed.
 */
import type { Employee, EmployeeCreate, EmployeeUpdate } from '@leadgrid/shared/people/people';
import { Alert, Col, Divider, Flex, Form, Row, Select, Tag, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { requiredRule } from '../../../components/form';
import { cleanContacts } from '../../../components/person/ContactsField';
import { applyPersonErrors } from '../../../components/person/formErrors';
import {
  browserZone,
  fromBirthDate,
  PersonFields,
  toBirthDate,
  zoneName,
  type PersonValues,
} from '../../../components/person/PersonFields';
import { useCreateEmployees, useStaffRoles, useUpdateEmployees } from './api';
import { ROLE_COLORS, useEmployeesT } from './i18n';
import { FormDrawer, useFormDrawer, type RecordDrawerProps } from '../../../components/drawer/EntityDrawer';

interface Values extends PersonValues {
  roleId?: number;
  status: 'active' | 'inactive';
}

function valuesOf(e: Employee | null): Values {
  if (!e)
    return {
      email: '',
      passwordMode: 'generate',
      firstName: '',
      lastName: '',
      birthDate: null,
      timezone: browserZone(),
      language: 'en',
      contacts: [],
      roleId: undefined,
      status: 'active',
    };
  return {
    email: e.email,
    passwordMode: 'keep',
    firstName: e.firstName,
    lastName: e.lastName,
    birthDate: fromBirthDate(e.birthDate),
    timezone: zoneName(e.timezone),
    language: e.language === 'ru' ? 'ru' : 'en',
    contacts: e.contacts.map((c) => ({ type: c.type, value: c.value })),
    roleId: e.role.id,
    status: e.status === 'inactive' ? 'inactive' : 'active',
  };
}

export function EmployeeDrawer({ open, employee, onClose, onSaved }: RecordDrawerProps<'employee', Employee>) {
  const { t } = useEmployeesT();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<Values>({
    open,
    deps: [employee],
    values: () => valuesOf(employee),
  });
  const create = useCreateEmployees();
  const update = useUpdateEmployees();
  const roles = useStaffRoles(open);
  const saving = create.isPending || update.isPending;

  const roleOptions = useMemo(() => {
    const items = roles.data ?? [];
    const options = items.map((r) => ({
      value: r.id,
      label: r.title,
      display: (
        <Flex justify="space-between" align="center" gap={8}>
          <span>{r.title}</span>
          <Tag color={ROLE_COLORS[r.type]} variant="outlined" style={{ marginInlineEnd: 0, fontSize: 11 }}>
            {t(`roleTypes.${r.type}`)}
          </Tag>
        </Flex>
      ),
    }));
    // the current role stays shown even when it is no longer active
    if (employee && !items.some((r) => r.id === employee.role.id))
      options.unshift({ value: employee.role.id, label: employee.role.title, display: <span>{employee.role.title}</span> });
    return options;
  }, [roles.data, employee, t]);

  const submit = async (v: Values) => {
    setFailure([]);
    const contacts = cleanContacts(v.contacts);
    try {
      let saved: Employee | undefined;
      if (!employee) {
        const item: EmployeeCreate = {
          email: v.email.trim(),
          password: v.passwordMode === 'set' ? v.password : undefined,
          firstName: v.firstName.trim(),
          lastName: (v.lastName ?? '').trim(),
          contacts,
          birthDate: toBirthDate(v.birthDate),
          timezone: v.timezone,
          language: v.language,
          roleId: v.roleId!,
          status: v.status,
        };
        [saved] = (await create.mutateAsync([item])).items;
      } else {
        const before = valuesOf(employee);
        const item: EmployeeUpdate = { id: employee.id };
        const email = v.email.trim();
        if (email !== employee.email) item.email = email;
        if (v.passwordMode === 'set' && v.password) item.password = v.password;
        if (v.firstName.trim() !== employee.firstName) item.firstName = v.firstName.trim();
        if ((v.lastName ?? '').trim() !== employee.lastName) item.lastName = (v.lastName ?? '').trim();
        if (JSON.stringify(contacts) !== JSON.stringify(before.contacts)) item.contacts = contacts;
        if (toBirthDate(v.birthDate) !== employee.birthDate) item.birthDate = toBirthDate(v.birthDate);
        if (v.timezone !== before.timezone) item.timezone = v.timezone;
        if (v.language !== before.language) item.language = v.language;
        if (v.roleId !== employee.role.id) item.roleId = v.roleId;
        [saved] = (await update.mutateAsync([item])).items;
      }
      if (saved) onSaved?.(saved);
      onClose();
    } catch (err) {
      setFailure(applyPersonErrors(form, err));
    }
  };

  const name = employee ? `${employee.firstName} ${employee.lastName}`.trim() || employee.email : '';
  return (
    <FormDrawer<Values>
      open={open}
      onClose={onClose}
      size={760}
      title={employee ? t('drawer.editTitle', { name }) : t('drawer.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(employee) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={employee ? t('actions.save') : t('drawer.create')}
      saveTestId="employee-save"
      formTestId="employee-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={employee ? 24 : 16}>
          <Form.Item name="roleId" label={t('fields.role')} rules={[requiredRule(t)]} extra={employee ? t('drawer.roleHint') : undefined}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={roleOptions}
              optionRender={(o) => (o.data as { display: ReactNode }).display}
              loading={roles.isLoading}
              placeholder={t('drawer.rolePlaceholder')}
              notFoundContent={roles.error ? t('drawer.rolesFailed') : undefined}
              data-testid="employee-role"
            />
          </Form.Item>
        </Col>
        {!employee ? (
          <Col xs={24} md={8}>
            <Form.Item name="status" label={t('fields.status')}>
              <Select
                options={[
                  { value: 'active', label: t('status.active') },
                  { value: 'inactive', label: t('status.inactive') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <Divider style={{ margin: '0 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.account')}
      </Typography.Title>
      <PersonFields editing={Boolean(employee)} currentZone={employee ? zoneName(employee.timezone) : undefined} />
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 16 }} /> : null}
    </FormDrawer>
  );
}
