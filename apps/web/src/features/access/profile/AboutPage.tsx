/** /profile/about: the signed-in user's profile, editable; affiliates also manage their lead API token. */
import { Col, Flex, Row } from 'antd';
import { useSession } from '../../../app/session';
import { LeadApiTokenCard } from './LeadApiTokenCard';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';
import { ProfileFrame } from './ProfileFrame';

export default function AboutPage() {
  const { user, timezone } = useSession();
  if (!user) return null;
  return (
    <ProfileFrame>
      <Row gutter={[20, 20]} align="top">
        <Col xs={24} lg={8} xxl={7}>
          <ProfileCard user={user} timezone={timezone} />
        </Col>
        <Col xs={24} lg={16} xxl={17}>
          <Flex vertical gap={20}>
            {user.role.type === 'affiliate' ? <LeadApiTokenCard user={user} /> : null}
            <ProfileForm user={user} />
          </Flex>
        </Col>
      </Row>
    </ProfileFrame>
  );
}
