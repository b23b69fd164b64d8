/**
 * The redirect tab (edit_redirect): where a lead of this vertical lands when it is not sent to an advertiser's page
 * (the thank-you page of affiliates redirected "via thank-you page") and how long the redirect cookie is kept.
 */
import { COOKIE_STORAGE_MAX_SECONDS } from '@leadgrid/shared/sell-side/sell-side';
import { verticalRedirectSection, type Vertical } from '@leadgrid/shared/sell-side/verticals';
import { rules as sharedRules } from '@leadgrid/shared/validation';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkRule } from '../../../../components/form';
import { NS } from '../i18n';
import { SectionCard, useSectionForm } from '../sections';

type Redirect = z.infer<typeof verticalRedirectSection>;
interface Values {
  thankYouPageUrl: string;
  cookieStorageSeconds: number | null;
}

/** 90061 -> '1 d 1 h 1 min 1 s' in the user's words */
export function useDuration() {
  const { t } = useTranslation(NS);
  return (seconds: number) => {
    const parts: string[] = [];
    let rest = Math.max(0, Math.floor(seconds));
    for (const [unit, size] of [
      ['days', 86_400],
      ['hoursShort', 3_600],
      ['minutes', 60],
      ['seconds', 1],
    ] as const) {
      const n = Math.floor(rest / size);
      rest -= n * size;
      if (n) parts.push(t(`duration.${unit}`, { count: n }));
    }
    return parts.join(' ');
  };
}

export function RedirectTab({ vertical, canWrite }: { vertical: Vertical; canWrite: boolean }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const duration = useDuration();
  const state = useSectionForm<Values>({
    vertical,
    section: 'redirect',
    toForm: (v) => {
      const parsed = verticalRedirectSection.safeParse(v.redirect ?? {});
      const r: Partial<Redirect> = parsed.success ? parsed.data : {};
      return { thankYouPageUrl: r.thankYouPageUrl ?? '', cookieStorageSeconds: r.cookieStorageSeconds ?? 0 };
    },
    toData: (v) => ({ thankYouPageUrl: (v.thankYouPageUrl ?? '').trim(), cookieStorageSeconds: v.cookieStorageSeconds ?? 0 }),
  });
  const seconds = Form.useWatch('cookieStorageSeconds', state.form) as number | null | undefined;

  return (
    <SectionCard
      title={t('redirect.title')}
      description={t('redirect.description')}
      state={state}
      canWrite={canWrite}
      testId="vertical-redirect"
    >
      <Form
        form={state.form}
        layout="vertical"
        disabled={!canWrite}
        onValuesChange={state.touch}
        requiredMark={false}
        style={{ maxWidth: 880 }}
      >
        <Row gutter={24}>
          <Col xs={24} lg={15}>
            <Form.Item
              name="thankYouPageUrl"
              label={t('redirect.thankYouPage')}
              extra={t('redirect.thankYouPageHint')}
              rules={[checkRule((v) => sharedRules.url(typeof v === 'string' ? v.trim() : v), tc)]}
            >
              <Input placeholder="https://example.com/thank-you" maxLength={2048} allowClear data-testid="redirect-url" />
            </Form.Item>
          </Col>
          <Col xs={24} lg={9}>
            <Form.Item
              name="cookieStorageSeconds"
              label={t('redirect.cookie')}
              extra={seconds ? t('redirect.cookieHint', { duration: duration(seconds) }) : t('redirect.cookieOff')}
              rules={[{ required: true, message: tc('validation.required') }]}
            >
              <InputNumber
                min={0}
                max={COOKIE_STORAGE_MAX_SECONDS}
                precision={0}
                step={3600}
                suffix={t('units.seconds')}
                style={{ width: '100%' }}
                data-testid="redirect-cookie"
              />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('redirect.perIntegration')}
        </Typography.Text>
      </Form>
    </SectionCard>
  );
}
