/** /profile/security: the password and two-factor authentication. */
import { Col, Row } from 'antd';
import { useSession } from '../../app/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { ProfileFrame } from './ProfileFrame';
import { TwoFactorCard } from './TwoFactorCard';

export default function SecurityPage() {
  const { user, reloadUser } = useSession();
  if (!user) return null;
  return (
    <ProfileFrame>
      <Row gutter={[20, 20]} align="top">
        <Col xs={24} xl={10}>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} xl={14}>
          <TwoFactorCard enabled={user.twoFactorEnabled} onChanged={reloadUser} />
        </Col>
      </Row>
    </ProfileFrame>
  );
}
