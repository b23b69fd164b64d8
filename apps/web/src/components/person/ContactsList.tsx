/** Contacts shown read-only (detail pages), and each contact type's icon, which the contacts editor shows too. */
import { GlobalOutlined, MailOutlined, PhoneOutlined, SendOutlined, SkypeOutlined } from '@ant-design/icons';
import type { CONTACT_TYPES } from '@leadgrid/shared/constants';
import { Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePersonT } from './i18n';

export type ContactType = (typeof CONTACT_TYPES)[number];

export const CONTACT_ICONS: Record<ContactType, ReactNode> = {
  phone: <PhoneOutlined />,
  telegram: <SendOutlined />,
  skype: <SkypeOutlined />,
  url: <GlobalOutlined />,
  email: <MailOutlined />,
};

/** Contacts shown read-only: the type's icon and the value (links for url, e-mail and telegram). */
export function ContactsList({ contacts }: { contacts: { type: string; value: string }[] | undefined }) {
  const { t } = usePersonT();
  if (!contacts?.length) return <Typography.Text type="secondary">{t('contacts.none')}</Typography.Text>;
  const href = (c: { type: string; value: string }) => {
    if (c.type === 'email') return `mailto:${c.value}`;
    if (c.type === 'url') return c.value;
    if (c.type === 'telegram' && /^@?[A-Za-z0-9_]{5,32}$/.test(c.value)) return `https://t.me/${c.value.replace(/^@/, '')}`;
    if (c.type === 'phone') return `tel:${c.value.replace(/[^\d+]/g, '')}`;
    return undefined;
  };
  return (
    <Flex vertical gap={4} data-testid="contacts-list">
      {contacts.map((c, i) => {
        const link = href(c);
        return (
          <Flex key={`${c.type}-${i}`} gap={8} align="center">
            <Tooltip title={t(`contacts.types.${c.type}`, { defaultValue: c.type })}>
              <span style={{ opacity: 0.55, display: 'inline-flex' }}>{CONTACT_ICONS[c.type as ContactType] ?? null}</span>
            </Tooltip>
            {link ? (
              <Typography.Link
                href={link}
                target={c.type === 'url' || c.type === 'telegram' ? '_blank' : undefined}
                rel="noreferrer"
                copyable={{ text: c.value }}
              >
                {c.value}
              </Typography.Link>
            ) : (
              <Typography.Text copyable>{c.value}</Typography.Text>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
}
