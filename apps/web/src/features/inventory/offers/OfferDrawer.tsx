/**
 * Create an offer (PUT /offers) in a drawer: the general fields with the choices of GET /offers/creation-data. A new
 * offer starts as a draft unless another status is picked; on success the offer page opens.
 */
import { Alert, Button, Drawer, Flex, Form } from 'antd';
import { useEffect, useState } from 'react';
import { applyServerErrors, useRevalidateOnLanguageChange } from '../../../components/form';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { useCreateOffers, useCreationData } from './api';
import { useOffersT } from './i18n';
import { OfferFields, toCreate, valuesOf, type OfferValues } from './OfferForm';

export function OfferDrawer({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (offer: Offer) => void }) {
  const { t } = useOffersT();
  const [form] = Form.useForm<OfferValues>();
  const creation = useCreationData(open);
  const create = useCreateOffers();
  const [failure, setFailure] = useState<string[]>([]);
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(null));
    setFailure([]);
  }, [open, form]);

  // the default lifespan comes from the server's limits
  useEffect(() => {
    if (open && creation.data && !form.isFieldTouched('sessionLifespan'))
      form.setFieldValue('sessionLifespan', creation.data.sessionLifespan.default);
  }, [open, creation.data, form]);

  const submit = async (v: OfferValues) => {
    setFailure([]);
    try {
      const [saved] = (await create.mutateAsync([toCreate(v)])).items;
      onClose();
      if (saved) onCreated?.(saved);
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t('drawer.createTitle')}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={create.isPending} data-testid="offer-create-submit">
            {t('drawer.create')}
          </Button>
        </Flex>
      }
    >
      {creation.error ? <Alert type="error" showIcon title={(creation.error as Error).message} style={{ marginBottom: 16 }} /> : null}
      <Form<OfferValues> form={form} layout="vertical" requiredMark onFinish={(v) => void submit(v)} data-testid="offer-create-form">
        <OfferFields creation={creation.data} withStatus />
        {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 8 }} /> : null}
      </Form>
    </Drawer>
  );
}
