/**
 * Tab general of an offer: the edit form of every general field (PATCH /offers with what changed; server errors on
 * their field), the readiness checklist (what the offer still needs before it takes traffic), an overview of what the
 * offer has on its other tabs, and the staff notes of the offer.
 */
import { targetSlug } from '@leadgrid/shared/people/notes';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { Alert, Button, Card, Col, Flex, Form, Row, Statistic, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSession } from '../../../../app/session';
import { applyServerErrors, useRevalidateOnLanguageChange } from '../../../../components/form';
import { formatDateTime } from '../../../../components/format';
import { NotesPanel } from '../../../../components/notes/NotesPanel';
import { personName } from '@leadgrid/shared/people/names';
import { useCreationData, useUpdateOffers } from '../api';
import { useOffersT } from '../i18n';
import { OfferFields, toUpdate, valuesOf, type OfferValues } from '../OfferForm';
import { ReadinessCard } from '../ReadinessCard';

function Overview({ offer }: { offer: Offer }) {
  const { t } = useOffersT();
  const { timezone } = useSession();
  const c = offer.counts;
  const keys = ['advertisers', 'affiliates', 'teams', 'landers', 'creatives', 'caps', 'paymentRules', 'campaigns'] as const;
  return (
    <Card title={t('detail.overview')} variant="borderless" data-testid="offer-overview">
      {c ? (
        <Row gutter={[12, 16]}>
          {keys.map((k) => (
            <Col span={12} key={k}>
              <Statistic title={t(`detail.counts.${k}`)} value={c[k]} styles={{ content: { fontSize: 20 } }} />
            </Col>
          ))}
        </Row>
      ) : null}
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 16, fontSize: 12 }}>
        {offer.createdBy
          ? t('detail.createdBy', { date: formatDateTime(offer.createdAt, timezone), name: personName(offer.createdBy) })
          : t('detail.created', { date: formatDateTime(offer.createdAt, timezone) })}
      </Typography.Text>
    </Card>
  );
}

export function GeneralTab({ offer, canWrite }: { offer: Offer; canWrite: boolean }) {
  const { t } = useOffersT();
  const [form] = Form.useForm<OfferValues>();
  const creation = useCreationData();
  const update = useUpdateOffers();
  const [failure, setFailure] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(valuesOf(offer));
    setDirty(false);
    setFailure([]);
  }, [offer, form]);

  const submit = async (v: OfferValues) => {
    setFailure([]);
    const item = toUpdate(offer, v);
    if (Object.keys(item).length === 1) {
      setDirty(false);
      return setFailure([t('detail.nothingChanged')]);
    }
    try {
      await update.mutateAsync([item]);
      setDirty(false);
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Row gutter={[20, 20]}>
      <Col xs={24} xl={16}>
        <Card
          title={t('detail.details')}
          variant="borderless"
          extra={
            canWrite ? (
              <Flex align="center" gap={12}>
                <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="offer-dirty">
                  {dirty ? t('detail.unsaved') : t('detail.saved')}
                </Typography.Text>
                <Button
                  disabled={!dirty || update.isPending}
                  onClick={() => {
                    form.resetFields();
                    form.setFieldsValue(valuesOf(offer));
                    setDirty(false);
                    setFailure([]);
                  }}
                >
                  {t('actions.reset')}
                </Button>
                <Button type="primary" onClick={() => form.submit()} loading={update.isPending} disabled={!dirty} data-testid="offer-save">
                  {t('actions.saveChanges')}
                </Button>
              </Flex>
            ) : null
          }
        >
          <Form<OfferValues>
            form={form}
            layout="vertical"
            requiredMark
            disabled={!canWrite}
            onValuesChange={() => setDirty(true)}
            onFinish={(v) => void submit(v)}
            scrollToFirstError
            data-testid="offer-general-form"
          >
            {failure.length ? (
              <Alert type={dirty ? 'error' : 'info'} showIcon title={failure.join(' ')} style={{ marginBottom: 16 }} />
            ) : null}
            <OfferFields creation={creation.data} offer={offer} />
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Flex vertical gap={20}>
          <ReadinessCard offerId={offer.id} />
          <Overview offer={offer} />
          <NotesPanel targetSlug={targetSlug('offer', offer.id)} />
        </Flex>
      </Col>
    </Row>
  );
}
