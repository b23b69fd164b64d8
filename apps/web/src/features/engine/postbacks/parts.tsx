/** What the postback list and the postback page share: the write permission and the owner cell. */
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { AffiliatePostback } from '@leadgrid/shared/engine/postbacks';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { personName } from '@leadgrid/shared/people/names';
import { NS } from './i18n';

export const POSTBACK_WRITE = ['postback.update', 'postback.own.update'];

/** The owner of a postback: the affiliate (name over e-mail) or the team. */
export function OwnerCell({ postback }: { postback: AffiliatePostback }) {
  const { t } = useTranslation(NS);
  if (postback.team)
    return (
      <Flex gap={6} align="center">
        <TeamOutlined />
        <Flex vertical style={{ lineHeight: 1.25 }}>
          <Typography.Text>{postback.team.title}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('scopes.team')}
          </Typography.Text>
        </Flex>
      </Flex>
    );
  if (!postback.affiliate) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={6} align="center">
      <UserOutlined />
      <Flex vertical style={{ lineHeight: 1.25, minWidth: 0 }}>
        <Typography.Text
          ellipsis
          style={{ maxWidth: 220 }}
        >{`#${postback.affiliate.id} ${personName(postback.affiliate)}`}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 220 }}>
          {postback.affiliate.email}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
