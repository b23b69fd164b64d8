/**
 * Create (PUT /advertisers) or edit (PATCH /advertisers) one advertiser: title, description, contacts, platform,
 * vertical, tags, default currency, managers, and the redirect template. Rules are the shared ones (zTitle,
 * zDescription, zCallUrl, contact rules); the server's field errors land on their field (a contact's on its row,
 * an id list's on its picker). An edit sends only what changed.
 */
import { DESCRIPTION_MAX, TITLE_MAX } from '@leadgrid/shared/constants';
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { zDescription, zTitle } from '@leadgrid/shared/validation';
import { Alert, Col, Divider, Form, Input, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useAllCurrencies } from '../../../api/reference';
import { requiredRule, zodRule } from '../../../components/form';
import { cleanContacts, ContactsField, type ContactValue } from '../../../components/person/ContactsField';
import { applyPersonErrors } from '../../../components/person/formErrors';
import { TagPicker } from '../../../components/pickers/lists';
import { useCreateAdvertisers, useUpdateAdvertisers, type AdvertiserCreate, type AdvertiserUpdate } from '../../../api/advertisers';
import { useAdvertisersT } from './i18n';
import { RedirectTemplateFields } from './RedirectTemplateFields';
import { AdvertiserManagerPicker, CurrencyPicker, PlatformPicker, VerticalPicker } from '../../../components/pickers/sellSide';
import { FormDrawer, useFormDrawer, type RecordDrawerProps } from '../../../components/drawer/EntityDrawer';

export interface AdvertiserValues {
  title: string;
  description: string;
  contacts: ContactValue[];
  platformId: number | null;
  verticalId: number | null;
  tagIds: number[];
  managerIds: number[];
  defaultCurrency: string;
  redirectTemplateEnabled: boolean;
  redirectTemplate: string;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function valuesOf(a: Advertiser | null): AdvertiserValues {
  return {
    title: a?.title ?? '',
    description: a?.description ?? '',
    contacts: a ? a.contacts.map((c) => ({ type: c.type, value: c.value })) : [],
    platformId: a?.platform?.id ?? null,
    verticalId: a?.vertical?.id ?? null,
    tagIds: a ? a.tags.map((x) => x.id) : [],
    managerIds: a ? a.managers.map((x) => x.id) : [],
    defaultCurrency: a?.defaultCurrency ?? 'USD',
    redirectTemplateEnabled: a?.redirectTemplateEnabled ?? false,
    redirectTemplate: a?.redirectTemplate ?? '',
  };
}

/** The create item of the form's values (the fields as sent). */
export function toCreate(
  v: AdvertiserValues,
): AdvertiserCreate & Omit<AdvertiserValues, 'contacts' | 'redirectTemplate'> & { redirectTemplate: string | null } {
  return {
    title: v.title.trim(),
    description: (v.description ?? '').trim(),
    contacts: cleanContacts(v.contacts),
    platformId: v.platformId ?? null,
    verticalId: v.verticalId ?? null,
    tagIds: v.tagIds ?? [],
    managerIds: v.managerIds ?? [],
    defaultCurrency: v.defaultCurrency,
    redirectTemplateEnabled: v.redirectTemplateEnabled,
    redirectTemplate: (v.redirectTemplate ?? '').trim() || null,
  };
}

/** The edit item: only what differs from the advertiser as loaded. */
export function toUpdate(a: Advertiser, v: AdvertiserValues): AdvertiserUpdate {
  const next = toCreate(v);
  const before = toCreate(valuesOf(a));
  const item: AdvertiserUpdate = { id: a.id };
  if (next.title !== a.title) item.title = next.title;
  if (next.description !== a.description) item.description = next.description;
  if (JSON.stringify(next.contacts) !== JSON.stringify(before.contacts)) item.contacts = next.contacts;
  if (next.platformId !== before.platformId) item.platformId = next.platformId;
  if (next.verticalId !== before.verticalId) item.verticalId = next.verticalId;
  if (!sameIds(next.tagIds ?? [], before.tagIds ?? [])) item.tagIds = next.tagIds;
  if (!sameIds(next.managerIds ?? [], before.managerIds ?? [])) item.managerIds = next.managerIds;
  if (next.defaultCurrency !== a.defaultCurrency) item.defaultCurrency = next.defaultCurrency;
  if (next.redirectTemplateEnabled !== a.redirectTemplateEnabled) item.redirectTemplateEnabled = next.redirectTemplateEnabled;
  if (next.redirectTemplate !== (a.redirectTemplate ?? null)) item.redirectTemplate = next.redirectTemplate;
  return item;
}

export function AdvertiserDrawer({ open, advertiser, onClose, onSaved }: RecordDrawerProps<'advertiser', Advertiser>) {
  const { t } = useAdvertisersT();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<AdvertiserValues>({
    open,
    deps: [advertiser],
    values: () => valuesOf(advertiser),
  });
  const create = useCreateAdvertisers();
  const update = useUpdateAdvertisers();
  const saving = create.isPending || update.isPending;

  const currencies = useAllCurrencies();
  const baseCurrency = currencies.data?.find((c) => c.isBase)?.code;

  // a new advertiser pays in the network's base currency unless the user picks another
  useEffect(() => {
    if (open && !advertiser && baseCurrency && !form.isFieldTouched('defaultCurrency')) form.setFieldValue('defaultCurrency', baseCurrency);
  }, [open, advertiser, baseCurrency, form]);

  const submit = async (v: AdvertiserValues) => {
    setFailure([]);
    try {
      const [saved] = advertiser
        ? (await update.mutateAsync([toUpdate(advertiser, v)])).items
        : (await create.mutateAsync([toCreate(v)])).items;
      if (saved) onSaved?.(saved);
      onClose();
    } catch (err) {
      setFailure(applyPersonErrors(form, err));
    }
  };

  return (
    <FormDrawer<AdvertiserValues>
      open={open}
      onClose={onClose}
      size={720}
      title={advertiser ? t('drawer.editTitle', { title: advertiser.title }) : t('drawer.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(advertiser) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={advertiser ? t('actions.save') : t('drawer.create')}
      saveTestId="advertiser-save"
      formTestId="advertiser-form"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.about')}
      </Typography.Title>
      <Form.Item
        name="title"
        label={t('fields.title')}
        rules={[requiredRule(t), zodRule(zTitle(), t)]}
        validateTrigger={['onChange', 'onBlur']}
      >
        <Input maxLength={TITLE_MAX} autoComplete="off" data-testid="advertiser-title" />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(zDescription(), t)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item label={t('fields.contacts')} required={false}>
        <ContactsField />
      </Form.Item>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.work')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="platformId" label={t('fields.platform')} extra={t('drawer.platformHint')}>
            <PlatformPicker data-testid="advertiser-platform" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="verticalId" label={t('fields.vertical')} extra={t('drawer.verticalHint')}>
            <VerticalPicker data-testid="advertiser-vertical" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="managerIds" label={t('fields.managers')}>
            <AdvertiserManagerPicker data-testid="advertiser-managers" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="defaultCurrency" label={t('fields.defaultCurrency')} rules={[requiredRule(t)]}>
            <CurrencyPicker data-testid="advertiser-currency" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="tagIds" label={t('fields.tags')}>
            <TagPicker type="advertiser" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('redirect.title')}
      </Typography.Title>
      <RedirectTemplateFields />
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 8 }} /> : null}
    </FormDrawer>
  );
}
