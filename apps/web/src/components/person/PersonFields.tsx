/**
 * The account and profile fields an affiliate and an employee share: e-mail, password (set one, or have one
 * generated and e-mailed), names, birth date (the age rule), time zone, language and contacts. Rules come from
 * the shared schemas through the form adapter; the server's answers land on the same field names.
 */
import { LOCALES, type Locale } from '@leadgrid/shared/constants';
import { affiliateCreate } from '@leadgrid/shared/people/people';
import { rules } from '@leadgrid/shared/validation';
import { Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import type { ZodType } from 'zod';
import { requiredRule, zodRule } from '../form';
import { DATE_PATTERN } from '../format';
import { useTimezones } from '../../api/reference';
import { ContactsField, type ContactValue } from './ContactsField';
import { usePersonT } from './i18n';
import { LANGUAGE_NAMES } from './parts';

export const ADULT_AGE = 18;

/** how an account's password is set: generated (a new account) or kept (an edit), or typed in */
export function PasswordFields({
  t,
  mode,
  editing,
  password,
  texts,
}: {
  t: TFunction;
  mode: string | undefined;
  editing: boolean;
  /** the rule of a password */
  password: ZodType;
  texts: { label: string; generateHint: string; keep: string; generate: string; change: string; set: string; newPassword: string };
}) {
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item name="passwordMode" label={texts.label} extra={mode === 'generate' ? texts.generateHint : undefined}>
          <Radio.Group
            optionType="button"
            options={[
              editing ? { value: 'keep', label: texts.keep } : { value: 'generate', label: texts.generate },
              { value: 'set', label: editing ? texts.change : texts.set },
            ]}
          />
        </Form.Item>
      </Col>
      {mode === 'set' ? (
        <Col xs={24} md={12} style={{ marginInlineStart: 'auto' }}>
          <Form.Item
            name="password"
            label={texts.newPassword}
            rules={[requiredRule(t), zodRule(password, t, 'onBlur')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input.Password autoComplete="new-password" maxLength={200} />
          </Form.Item>
        </Col>
      ) : null}
    </>
  );
}

export interface PersonValues {
  email: string;
  passwordMode: 'generate' | 'set' | 'keep';
  password?: string;
  firstName: string;
  lastName?: string;
  birthDate?: Dayjs | null;
  timezone: string;
  language: Locale;
  contacts: ContactValue[];
}

export const zoneName = (timezone: string | undefined) => (timezone ?? '').split(' (')[0].trim() || 'UTC';
export const toBirthDate = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);
export const fromBirthDate = (value: string | null | undefined) => (value ? dayjs(value, 'YYYY-MM-DD') : null);
/** the browser's zone: a sensible default for a new account */
export const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const shape = affiliateCreate.shape;

export function PersonFields({ editing, currentZone }: { editing: boolean; currentZone?: string }) {
  const { t } = usePersonT();
  const timezones = useTimezones();
  const mode = Form.useWatch('passwordMode');
  const zoneOptions = useMemo(() => {
    const items = timezones.data ?? [];
    const options = items.map((z) => ({ value: z.name, label: z.title }));
    if (currentZone && !items.some((z) => z.name === currentZone)) options.unshift({ value: currentZone, label: currentZone });
    return options;
  }, [timezones.data, currentZone]);

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="firstName" label={t('fields.firstName')} rules={[requiredRule(t), zodRule(shape.firstName, t)]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="lastName" label={t('fields.lastName')} rules={[zodRule(shape.lastName, t)]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[requiredRule(t), zodRule(shape.email, t, 'onBlur')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input type="email" maxLength={254} autoComplete="off" />
          </Form.Item>
        </Col>
        <PasswordFields
          t={t}
          mode={mode}
          editing={editing}
          password={shape.password.unwrap()}
          texts={{
            label: t('fields.password'),
            generateHint: t('password.generateHint'),
            keep: t('password.keep'),
            generate: t('password.generate'),
            change: t('password.change'),
            set: t('password.set'),
            newPassword: t('fields.newPassword'),
          }}
        />
        <Col xs={24} md={8}>
          <Form.Item
            name="birthDate"
            label={t('fields.birthDate')}
            rules={[
              {
                validator: async (_r, value: Dayjs | null) => {
                  if (!value) return;
                  if (rules.age(value.format('YYYY-MM-DD'), ADULT_AGE) !== true) throw new Error(t('ageRule', { age: ADULT_AGE }));
                },
              },
            ]}
          >
            <DatePicker
              format={DATE_PATTERN}
              style={{ width: '100%' }}
              disabledDate={(d) => d.isAfter(dayjs().subtract(ADULT_AGE, 'year')) || d.isBefore(dayjs('1900-01-01'))}
              defaultPickerValue={dayjs().subtract(30, 'year')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="timezone" label={t('fields.timezone')} rules={[requiredRule(t)]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={zoneOptions}
              loading={timezones.isLoading}
              data-testid="timezone-select"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="language" label={t('fields.language')} rules={[requiredRule(t)]}>
            <Select options={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('fields.contacts')} required={false}>
        <ContactsField />
      </Form.Item>
    </>
  );
}
