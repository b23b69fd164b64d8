/** Change password (POST /auth/change-password): the server's errors land on the field they name. */
import { LockOutlined } from '@ant-design/icons';
import { rules } from '@leadgrid/shared/validation';
import { zPassword } from '@leadgrid/shared/validation';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { applyServerErrors, messageText, requiredRule, zodRule } from '../../../components/form';
import { securityApi, type ChangePasswordBody } from './api';
import { useProfileT } from './i18n';

export function ChangePasswordCard() {
  const { t } = useProfileT();
  const [form] = Form.useForm<ChangePasswordBody>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ChangePasswordBody) => {
    setSaving(true);
    try {
      await securityApi.changePassword(values);
      form.resetFields();
    } catch (err) {
      applyServerErrors(form, err);
      // the server names the current password when it is wrong: say so in the user's language
      if (err instanceof ApiError && err.errors.some((e) => e.loc[e.loc.length - 1] === 'currentPassword')) {
        form.setFields([{ name: 'currentPassword', errors: [t('security.password.currentWrong')] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title={t('security.password.title')} data-testid="change-password-card">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('security.password.text')}
      </Typography.Paragraph>
      <Form<ChangePasswordBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void submit(v)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item name="currentPassword" label={t('security.password.current')} rules={[requiredRule(t)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('security.password.new')}
          rules={[requiredRule(t), zodRule(zPassword(), t)]}
          extra={t('auth.passwordHint')}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('security.password.confirm')}
          dependencies={['password']}
          rules={[
            requiredRule(t),
            ({ getFieldValue }) => ({
              validator: async (_r, value) => {
                const result = rules.confirmPassword(value, getFieldValue('password'));
                if (value && result !== true) throw new Error(messageText(t, result));
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Flex>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('security.password.submit')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
