/** /profile/security: the password, two-factor authentication and the signed-in devices. */
import { Alert, Col, Row } from 'antd';
import { useSession } from '../../../app/session';
import { ChangePasswordCard } from './ChangePasswordCard';
import { useProfileT } from './i18n';
import { ProfileFrame } from './ProfileFrame';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

export default function SecurityPage() {
  const { t } = useProfileT();
  const { user, reloadUser } = useSession();
  if (!user) return null;
  // the role requires two-factor sign-in: the set-up comes first, nothing else answers until it is on
  if (user.twoFactorSetupRequired)
    return (
      <ProfileFrame>
        <Alert
          type="warning"
          showIcon
          title={t('security.requiredByRole.title')}
          description={t('security.requiredByRole.text')}
          style={{ marginBottom: 20 }}
          data-testid="two-factor-required"
        />
        <TwoFactorCard enabled={user.twoFactorEnabled} onChanged={reloadUser} />
      </ProfileFrame>
    );
  return (
    <ProfileFrame>
      <Row gutter={[20, 20]} align="top">
        <Col xs={24} xl={10}>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} xl={14}>
          <TwoFactorCard enabled={user.twoFactorEnabled} onChanged={reloadUser} />
        </Col>
        <Col xs={24}>
          <SessionsCard />
        </Col>
      </Row>
    </ProfileFrame>
  );
}
