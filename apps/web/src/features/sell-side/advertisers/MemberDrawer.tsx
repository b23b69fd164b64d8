/**
 * Add (PUT /advertiser-members) or edit (PATCH) a user who signs in for an advertiser (role type
 * advertiser_member): names, e-mail, password (set one, or have one generated and e-mailed), time zone, language,
 * contacts and, for users who may read roles, the role (the built-in advertiser-member role otherwise).
 * An edit sends only what changed.
 */
import { LOCALES, type Locale } from '@leadgrid/shared/constants';
import {
  advertiserMemberCreate,
  type AdvertiserMember,
  type AdvertiserMemberCreate,
  type AdvertiserMemberUpdate,
} from '@leadgrid/shared/people/people';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { allowed } from '../../../app/access';
import { useSession } from '../../../app/session';
import { requiredRule, zodRule } from '../../../components/form';
import { cleanContacts, ContactsField, type ContactValue } from '../../../components/person/ContactsField';
import { applyPersonErrors } from '../../../components/person/formErrors';
import { LANGUAGE_NAMES } from '../../../components/person/parts';
import { browserZone, PasswordFields, zoneName } from '../../../components/person/PersonFields';
import { useTimezones } from '../../../api/reference';
import { useCreateMembers, useMemberRoles, useUpdateMembers } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';
import { FormDrawer, useFormDrawer } from '../../../components/drawer/EntityDrawer';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  passwordMode: 'generate' | 'set' | 'keep';
  password?: string;
  timezone: string;
  language: Locale;
  contacts: ContactValue[];
  roleId?: number;
  status: 'active' | 'inactive';
}

const shape = advertiserMemberCreate.shape;

function valuesOf(m: AdvertiserMember | null): Values {
  return {
    firstName: m?.firstName ?? '',
    lastName: m?.lastName ?? '',
    email: m?.email ?? '',
    passwordMode: m ? 'keep' : 'generate',
    timezone: m ? zoneName(m.timezone) : browserZone(),
    language: m?.language === 'ru' ? 'ru' : 'en',
    contacts: m ? m.contacts.map((c) => ({ type: c.type, value: c.value })) : [],
    roleId: m?.role.id,
    status: 'active',
  };
}

export function MemberDrawer({
  open,
  advertiserId,
  member,
  onClose,
}: {
  open: boolean;
  advertiserId: number;
  /** null: a new member */
  member: AdvertiserMember | null;
  onClose: () => void;
}) {
  const { t } = useAdvertisersT();
  const { access } = useSession();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<Values>({
    open,
    deps: [member],
    values: () => valuesOf(member),
  });
  const create = useCreateMembers();
  const update = useUpdateMembers();
  const canReadRoles = allowed(access, 'role.read');
  const roles = useMemberRoles(open && canReadRoles);
  const timezones = useTimezones();
  const mode = Form.useWatch('passwordMode', form);
  const saving = create.isPending || update.isPending;

  const zoneOptions = useMemo(() => {
    const items = timezones.data ?? [];
    const options = items.map((z) => ({ value: z.name, label: z.title }));
    const current = member ? zoneName(member.timezone) : undefined;
    if (current && !items.some((z) => z.name === current)) options.unshift({ value: current, label: current });
    return options;
  }, [timezones.data, member]);

  const roleOptions = useMemo(() => {
    const options = (roles.data ?? []).map((r) => ({ value: r.id, label: r.title }));
    if (member && !options.some((o) => o.value === member.role.id)) options.unshift({ value: member.role.id, label: member.role.title });
    return options;
  }, [roles.data, member]);

  const submit = async (v: Values) => {
    setFailure([]);
    const contacts = cleanContacts(v.contacts);
    try {
      if (!member) {
        const item: AdvertiserMemberCreate = {
          advertiserId,
          email: v.email.trim(),
          password: v.passwordMode === 'set' ? v.password : undefined,
          firstName: v.firstName.trim(),
          lastName: (v.lastName ?? '').trim(),
          contacts,
          timezone: v.timezone,
          language: v.language,
          roleId: v.roleId,
          status: v.status,
        };
        await create.mutateAsync([item]);
      } else {
        const item: AdvertiserMemberUpdate = { id: member.id };
        if (v.email.trim() !== member.email) item.email = v.email.trim();
        if (v.passwordMode === 'set' && v.password) item.password = v.password;
        if (v.firstName.trim() !== member.firstName) item.firstName = v.firstName.trim();
        if ((v.lastName ?? '').trim() !== member.lastName) item.lastName = (v.lastName ?? '').trim();
        if (JSON.stringify(contacts) !== JSON.stringify(member.contacts.map((c) => ({ type: c.type, value: c.value }))))
          item.contacts = contacts;
        if (v.timezone !== zoneName(member.timezone)) item.timezone = v.timezone;
        if (v.language !== (member.language === 'ru' ? 'ru' : 'en')) item.language = v.language;
        if (v.roleId !== undefined && v.roleId !== member.role.id) item.roleId = v.roleId;
        await update.mutateAsync([item]);
      }
      onClose();
    } catch (err) {
      setFailure(applyPersonErrors(form, err));
    }
  };

  return (
    <FormDrawer<Values>
      open={open}
      onClose={onClose}
      size={640}
      title={
        member ? t('members.editTitle', { name: `${member.firstName} ${member.lastName}`.trim() || member.email }) : t('members.addTitle')
      }
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(member) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={member ? t('actions.save') : t('members.add')}
      saveTestId="member-save"
      formTestId="member-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('members.fields.firstName')} rules={[requiredRule(t), zodRule(shape.firstName, t)]}>
            <Input maxLength={100} autoComplete="off" data-testid="member-first-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label={t('members.fields.lastName')} rules={[zodRule(shape.lastName, t)]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('members.fields.email')}
            rules={[requiredRule(t), zodRule(shape.email, t, 'onBlur')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input type="email" maxLength={254} autoComplete="off" data-testid="member-email" />
          </Form.Item>
        </Col>
        <PasswordFields
          t={t}
          mode={mode}
          editing={Boolean(member)}
          password={shape.password.unwrap()}
          texts={{
            label: t('members.fields.password'),
            generateHint: t('members.passwordGenerateHint'),
            keep: t('members.passwordKeep'),
            generate: t('members.passwordGenerate'),
            change: t('members.passwordChange'),
            set: t('members.passwordSet'),
            newPassword: t('members.fields.newPassword'),
          }}
        />
        <Col xs={24} md={16}>
          <Form.Item name="timezone" label={t('members.fields.timezone')} rules={[requiredRule(t)]}>
            <Select showSearch={{ optionFilterProp: 'label' }} options={zoneOptions} loading={timezones.isLoading} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="language" label={t('members.fields.language')} rules={[requiredRule(t)]}>
            <Select options={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))} />
          </Form.Item>
        </Col>
        {canReadRoles ? (
          <Col xs={24} md={member ? 24 : 12}>
            <Form.Item name="roleId" label={t('members.fields.role')} extra={member ? undefined : t('members.roleHint')}>
              <Select
                allowClear={!member}
                options={roleOptions}
                loading={roles.isLoading}
                placeholder={t('members.roleDefault')}
                notFoundContent={roles.error ? t('pickers.loadFailed') : undefined}
              />
            </Form.Item>
          </Col>
        ) : null}
        {!member ? (
          <Col xs={24} md={canReadRoles ? 12 : 24}>
            <Form.Item name="status" label={t('members.fields.status')}>
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
      <Form.Item label={t('members.fields.contacts')} required={false}>
        <ContactsField />
      </Form.Item>
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} /> : null}
    </FormDrawer>
  );
}
