/** Own profile edit (PATCH /users {items:[{id,...}]}): names, birth date, time zone, language and contacts. */
import { LockOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@leadgrid/shared/constants';
import { userProfileUpdate, type User, type UserProfileUpdate } from '@leadgrid/shared/access/users';
import { rules } from '@leadgrid/shared/validation';
import { Button, Card, Col, DatePicker, Flex, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client';
import { applyServerErrors, requiredRule, zodRule } from '../../../components/form';
import { DATE_PATTERN } from '../../../components/format';
import { changeLocale } from '../../../i18n';
import { useTimezones, useUpdateProfile } from './api';
import { ContactsEditor, type ContactType } from './ContactsEditor';
import { useProfileT } from './i18n';

interface Values {
  firstName: string;
  lastName: string;
  birthDate: Dayjs | null;
  timezone: string;
  language: Locale;
  contacts: { type: ContactType; value: string }[];
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };
const ADULT_AGE = 18;

const zoneName = (timezone: string) => timezone.split(' (')[0].trim() || 'UTC';

function valuesOf(user: User): Values {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    birthDate: user.birthDate ? dayjs(user.birthDate, 'YYYY-MM-DD') : null,
    timezone: zoneName(user.timezone),
    language: (LOCALES as readonly string[]).includes(user.language) ? (user.language as Locale) : 'en',
    contacts: (user.contacts ?? []).map((c) => ({ type: c.type, value: c.value })),
  };
}

/** Server errors on contacts point at ['body','items',0,'contacts',i,'value']: put them on that row. */
function applyContactErrors(form: ReturnType<typeof Form.useForm<Values>>[0], error: unknown, t: (key: string) => string) {
  if (!(error instanceof ApiError)) return;
  const fields = error.errors.flatMap((item) => {
    const at = item.loc.indexOf('contacts');
    const index = item.loc[at + 1];
    if (at < 0 || typeof index !== 'number') return [];
    return [{ name: ['contacts', index, 'value'] as ['contacts', number, 'value'], errors: [t(`validation.${item.msg}`)] }];
  });
  if (fields.length) form.setFields(fields);
}

export function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useProfileT();
  const [form] = Form.useForm<Values>();
  const update = useUpdateProfile();
  const timezones = useTimezones();
  const [dirty, setDirty] = useState(false);
  const initial = useMemo(() => valuesOf(user), [user]);

  // a fresh user (after saving, or reloaded) resets the form unless the user is editing
  useEffect(() => {
    if (!dirty) form.setFieldsValue(initial);
  }, [initial, dirty, form]);

  const zoneOptions = useMemo(() => {
    const items = timezones.data ?? [];
    const options = items.map((z) => ({ value: z.name, label: z.title }));
    if (!items.some((z) => z.name === initial.timezone)) options.unshift({ value: initial.timezone, label: initial.timezone });
    return options;
  }, [timezones.data, initial.timezone]);

  const submit = async (values: Values) => {
    const item: UserProfileUpdate = {
      id: user.id,
      firstName: values.firstName.trim(),
      lastName: (values.lastName ?? '').trim(),
      birthDate: values.birthDate ? values.birthDate.format('YYYY-MM-DD') : null,
      timezone: values.timezone,
      language: values.language,
      contacts: (values.contacts ?? []).map((c) => ({ type: c.type, value: c.value.trim() })),
    };
    try {
      await update.mutateAsync(item);
      setDirty(false);
      if (values.language !== i18n.language) await changeLocale(values.language);
    } catch (err) {
      applyServerErrors(form, err);
      applyContactErrors(form, err, (key) => t(key, { defaultValue: key.replace(/^validation\./, '') }));
    }
  };

  const discard = () => {
    form.resetFields();
    form.setFieldsValue(initial);
    setDirty(false);
  };

  const shape = userProfileUpdate.shape;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => void submit(v)}
      data-testid="profile-form"
    >
      <Flex vertical gap={20}>
        <Card
          variant="borderless"
          title={t('about.personal.title')}
          extra={<Typography.Text type="secondary">{t('about.personal.hint')}</Typography.Text>}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="firstName"
                label={t('about.personal.firstName')}
                rules={[requiredRule(t), zodRule(shape.firstName.unwrap(), t)]}
              >
                <Input autoComplete="given-name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="lastName" label={t('about.personal.lastName')} rules={[zodRule(shape.lastName.unwrap(), t)]}>
                <Input autoComplete="family-name" maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t('about.personal.email')} tooltip={t('about.personal.emailReadOnly')} htmlFor="profile-email">
                <Input id="profile-email" value={user.email} readOnly disabled prefix={<LockOutlined />} data-testid="profile-email" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="birthDate"
                label={t('about.personal.birthDate')}
                rules={[
                  {
                    validator: async (_r, value: Dayjs | null) => {
                      if (!value) return;
                      if (rules.age(value.format('YYYY-MM-DD'), ADULT_AGE) !== true)
                        throw new Error(t('about.personal.ageRule', { age: ADULT_AGE }));
                    },
                  },
                ]}
              >
                <DatePicker
                  format={DATE_PATTERN}
                  style={{ width: '100%' }}
                  placeholder={t('about.personal.birthDatePlaceholder')}
                  disabledDate={(d) => d.isAfter(dayjs().subtract(ADULT_AGE, 'year')) || d.isBefore(dayjs('1900-01-01'))}
                  defaultPickerValue={dayjs().subtract(30, 'year')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="timezone"
                label={t('about.personal.timezone')}
                rules={[requiredRule(t)]}
                extra={t('about.personal.timezoneHint')}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  options={zoneOptions}
                  loading={timezones.isLoading}
                  data-testid="timezone-select"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="language" label={t('about.personal.language')} rules={[requiredRule(t)]}>
                <Select options={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card
          variant="borderless"
          title={t('about.contacts.title')}
          extra={<Typography.Text type="secondary">{t('about.contacts.hint')}</Typography.Text>}
        >
          <ContactsEditor />
        </Card>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={discard} disabled={!dirty || update.isPending}>
            {t('common.discard')}
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty} data-testid="profile-save">
            {t('common.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
