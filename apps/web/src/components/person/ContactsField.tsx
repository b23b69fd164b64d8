/**
 * The contacts of a person (product §3 contact types: phone, telegram, skype, url, e-mail) as a form list, each value
 * checked by the shared rule of its type. Used by the affiliate, employee, advertiser and profile forms: `<ContactsField />` inside a
 * Form whose `contacts` field is `{type, value}[]`.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTACT_TYPES } from '@leadgrid/shared/constants';
import { contactRule } from '@leadgrid/shared/access/users';
import { Button, Empty, Flex, Form, Input, Select, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { messageText, requiredRule } from '../form';
import { CONTACT_ICONS, type ContactType } from './ContactsList';
import { usePersonT } from './i18n';

export interface ContactValue {
  type: ContactType;
  value: string;
}
export const CONTACTS_MAX = 20;

const PLACEHOLDERS: Record<ContactType, string> = {
  phone: '+1 202 555 0143',
  telegram: '@username',
  skype: 'live:username',
  url: 'https://example.com',
  email: 'name@company.com',
};

/** Contacts as sent: trimmed, empty rows dropped. */
export const cleanContacts = (contacts: ContactValue[] | undefined) =>
  (contacts ?? []).map((c) => ({ type: c.type, value: (c.value ?? '').trim() })).filter((c) => c.value !== '');

/**
 * `texts`: another screen's own words for the same keys (`prefix`.type, .types.*, .invalid.*, …; the profile's);
 * `roomy`: the profile's wider layout (an empty picture, a full-width add button).
 */
export function ContactsField({ texts, roomy = false }: { texts?: { t: TFunction; prefix: string }; roomy?: boolean }) {
  const person = usePersonT();
  const own: TFunction = texts?.t ?? person.t;
  const prefix = texts?.prefix ?? 'contacts';
  const t = (key: string, options: Record<string, unknown> = {}) => own(`${prefix}.${key}`, options);
  const form = Form.useFormInstance();
  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <Flex vertical gap={roomy ? 12 : 10}>
          {fields.length === 0 ? (
            roomy ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} style={{ margin: '4px 0' }} />
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t('empty')}
              </Typography.Text>
            )
          ) : null}
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid="contact-row">
              <Form.Item name={[field.name, 'type']} noStyle>
                <Select
                  style={{ width: roomy ? 150 : 140, flexShrink: 0 }}
                  aria-label={t('type')}
                  options={CONTACT_TYPES.map((type) => ({
                    value: type,
                    label: (
                      <Flex gap={8} align="center">
                        {CONTACT_ICONS[type]}
                        {t(`types.${type}`)}
                      </Flex>
                    ),
                  }))}
                  onChange={() => void form.validateFields([['contacts', field.name, 'value']]).catch(() => undefined)}
                />
              </Form.Item>
              <Form.Item noStyle shouldUpdate={(prev, next) => prev.contacts?.[field.name]?.type !== next.contacts?.[field.name]?.type}>
                {({ getFieldValue }) => {
                  const type = (getFieldValue(['contacts', field.name, 'type']) ?? 'phone') as ContactType;
                  return (
                    <Form.Item
                      name={[field.name, 'value']}
                      style={{ flex: 1, marginBottom: 0, minWidth: 0 }}
                      validateTrigger="onBlur"
                      rules={[
                        requiredRule(own),
                        {
                          validator: async (_r, value: unknown) => {
                            const text = typeof value === 'string' ? value.trim() : '';
                            if (!text) return;
                            if (text.length > 200) throw new Error(messageText(own, 'maxlength'));
                            const result = contactRule(type, text);
                            if (result === true) return;
                            throw new Error(result === 'pattern' ? t(`invalid.${type}`) : messageText(own, result));
                          },
                        },
                      ]}
                    >
                      <Input placeholder={PLACEHOLDERS[type]} aria-label={t(`types.${type}`)} prefix={CONTACT_ICONS[type]} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              <Tooltip title={t('remove')}>
                <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('remove')} />
              </Tooltip>
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ type: fields.length === 0 ? 'telegram' : 'phone', value: '' })}
            disabled={fields.length >= CONTACTS_MAX}
            block={roomy}
            data-testid="contact-add"
          >
            {fields.length >= CONTACTS_MAX ? t('limit', { max: CONTACTS_MAX }) : t('add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
