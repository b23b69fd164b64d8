/** The contacts list of the profile: up to 20 of the five contact types, each checked by the shared rule of its type. */
import { DeleteOutlined, GlobalOutlined, MailOutlined, PhoneOutlined, PlusOutlined, SendOutlined, SkypeOutlined } from '@ant-design/icons';
import { CONTACT_TYPES } from '@leadgrid/shared/constants';
import { contactRule } from '@leadgrid/shared/access/users';
import { Button, Empty, Flex, Form, Input, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { messageText, requiredRule } from '../../../components/form';
import { useProfileT } from './i18n';

export type ContactType = (typeof CONTACT_TYPES)[number];
export const CONTACTS_MAX = 20;

const ICONS: Record<ContactType, ReactNode> = {
  phone: <PhoneOutlined />,
  telegram: <SendOutlined />,
  skype: <SkypeOutlined />,
  url: <GlobalOutlined />,
  email: <MailOutlined />,
};

const PLACEHOLDERS: Record<ContactType, string> = {
  phone: '+1 202 555 0143',
  telegram: '@username',
  skype: 'live:username',
  url: 'https://example.com',
  email: 'name@company.com',
};

export function ContactsEditor() {
  const { t } = useProfileT();
  const form = Form.useFormInstance();
  return (
    <Form.List name="contacts">
      {(fields, { add, remove }) => (
        <Flex vertical gap={12}>
          {fields.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('about.contacts.empty')} style={{ margin: '4px 0' }} />
          ) : null}
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid="contact-row">
              <Form.Item name={[field.name, 'type']} noStyle>
                <Select
                  style={{ width: 150, flexShrink: 0 }}
                  aria-label={t('about.contacts.type')}
                  options={CONTACT_TYPES.map((type) => ({
                    value: type,
                    label: (
                      <Flex gap={8} align="center">
                        {ICONS[type]}
                        {t(`about.contacts.types.${type}`)}
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
                        requiredRule(t),
                        {
                          validator: async (_r, value: unknown) => {
                            const text = typeof value === 'string' ? value.trim() : '';
                            if (!text) return;
                            if (text.length > 200) throw new Error(messageText(t, 'maxlength'));
                            const result = contactRule(type, text);
                            if (result === true) return;
                            throw new Error(result === 'pattern' ? t(`about.contacts.invalid.${type}`) : messageText(t, result));
                          },
                        },
                      ]}
                    >
                      <Input placeholder={PLACEHOLDERS[type]} aria-label={t(`about.contacts.types.${type}`)} prefix={ICONS[type]} />
                    </Form.Item>
                  );
                }}
              </Form.Item>
              <Tooltip title={t('about.contacts.remove')}>
                <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('about.contacts.remove')} />
              </Tooltip>
            </Flex>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ type: fields.length === 0 ? 'telegram' : 'phone', value: '' })}
            disabled={fields.length >= CONTACTS_MAX}
            block
          >
            {fields.length >= CONTACTS_MAX ? t('about.contacts.limit', { max: CONTACTS_MAX }) : t('about.contacts.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
