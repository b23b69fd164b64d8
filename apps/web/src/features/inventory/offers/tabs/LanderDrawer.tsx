/**
 * Create (PUT /landers) or edit (PATCH /landers) one lander of the offer: title, page type, a landing API language
 * version whose language and URLs are copied in, the target URL with the click macros as chips, the preview URL, the
 * advertiser (one the offer targets, or an active one of its vertical), weight, language, status, additional
 * parameters and the sieve. Rules are the shared schema's; the server's errors land on their field (a parameter's on
 * its row, the sieve's in the sieve editor); the product §4 guard is said on the status field.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TITLE_MAX } from '@leadgrid/shared/constants';
import {
  LANDER_PARAMETERS_MAX,
  LANDER_WEIGHT,
  landerParameterSchema,
  landerUpdate,
  type Lander,
  type LanderApiRef,
} from '@leadgrid/shared/inventory/landers';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { LANDER_PAGE_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Button, Col, Divider, Flex, Form, Input, InputNumber, Row, Segmented, Select, Tag, Typography, type InputRef } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SelectNotFound } from '../../../../components/SelectNotFound';
import { requiredRule, zodRule } from '../../../../components/form';
import { SieveEditor, sieveRule, type SieveErrors } from '../../../../components/sieve';
import { useAdvertisersByOffer, useAdvertisersOfVertical, useApiPages, useLanderWrites, type AdvertiserOption } from './api';
import { fromApiLanguage, landerCreateItem, landerUpdateItem, landerValuesOf, statusFailure, type LanderValues } from './landerForm';
import { applyItemErrors, FormFailure, insertAtCursor, MacroChips, macroRule, mono, useTabsT } from '../../formParts';
import { useDebounced } from '../../../../components/useDebounced';
import { LanguagePicker } from '../../../../components/pickers/language';
import { FormDrawer, useFormDrawer } from '../../../../components/drawer/EntityDrawer';

const SEARCH_DELAY_MS = 300;

/** The language versions of the landing API pages of the offer's vertical (and pages of no vertical), by page. */
function ApiLanguagePicker({
  verticalId,
  current,
  value,
  onChange,
  onPages,
}: {
  verticalId: number;
  current: Lander['landerApiLanguage'] | null;
  value?: number | null;
  onChange?: (v: number | null) => void;
  onPages: (pages: LanderApiRef[]) => void;
}) {
  const { t } = useTabsT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const pages = useApiPages({ search: term || undefined, limit: 50 });
  const list = useMemo(
    () => (pages.data?.items ?? []).filter((p) => p.verticalId === null || p.verticalId === verticalId),
    [pages.data, verticalId],
  );
  useEffect(() => onPages(list), [list, onPages]);
  const known = new Set(list.flatMap((p) => p.languages.map((l) => l.id)));
  const groups = list
    .filter((p) => p.languages.length)
    .map((p) => ({
      label: p.title,
      title: p.title,
      options: p.languages.map((l) => ({
        value: l.id,
        label: `${p.title} · ${l.language}`,
        display: (
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis>
              <Tag style={{ marginInlineEnd: 6, ...mono }}>{l.language}</Tag>
              {l.targetUrl}
            </Typography.Text>
          </Flex>
        ),
      })),
    }));
  if (current && !known.has(current.id) && !term)
    groups.unshift({
      label: current.landerApi.title,
      title: current.landerApi.title,
      options: [
        {
          value: current.id,
          label: `${current.landerApi.title} · ${current.language}`,
          display: <Typography.Text>{`${current.landerApi.title} · ${current.language}`}</Typography.Text>,
        },
      ],
    });
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      placeholder={t('landers.apiPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => !open && setSearch('')}
      loading={pages.isFetching}
      options={groups}
      optionRender={(o) => (o.data as { display?: ReactNode }).display ?? o.label}
      notFoundContent={<SelectNotFound loading={pages.isFetching} error={pages.error} nothing={t('landers.apiNone')} />}
      data-testid="lander-api-language"
    />
  );
}

/** Advertisers the offer targets (any status) and the active advertisers of its vertical. */
function LanderAdvertiserPicker({
  offer,
  current,
  value,
  onChange,
}: {
  offer: Offer;
  current: Lander['advertiser'] | null;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const { t } = useTabsT();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const targets = useAdvertisersByOffer(offer.id);
  const vertical = useAdvertisersOfVertical({ verticalId: offer.vertical.id, search: term || undefined, limit: 50 });
  const byId = new Map<number, AdvertiserOption & { target?: boolean }>();
  if (current && !term) byId.set(current.id, { ...current, secureId: '' });
  for (const a of targets.data ?? [])
    if (!term || a.title.toLowerCase().includes(term.toLowerCase())) byId.set(a.id, { ...a, target: true });
  for (const a of vertical.data ?? []) if (!byId.has(a.id)) byId.set(a.id, a);
  return (
    <Select<number>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      placeholder={t('landers.advertiserPlaceholder')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onOpenChange={(open) => !open && setSearch('')}
      loading={targets.isFetching || vertical.isFetching}
      options={[...byId.values()].map((a) => ({
        value: a.id,
        label: a.title,
        display: (
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text ellipsis>{a.title}</Typography.Text>
            <Flex gap={4}>
              {a.target ? (
                <Tag color="blue" style={{ marginInlineEnd: 0, fontSize: 11 }}>
                  {t('landers.targetMark')}
                </Tag>
              ) : null}
              {a.status !== 'active' ? (
                <Tag color="error" style={{ marginInlineEnd: 0, fontSize: 11 }}>
                  {t('status.blocked')}
                </Tag>
              ) : null}
            </Flex>
          </Flex>
        ),
      }))}
      optionRender={(o) => (o.data as { display: ReactNode }).display}
      notFoundContent={
        <SelectNotFound
          loading={targets.isFetching || vertical.isFetching}
          error={targets.error ?? vertical.error}
          nothing={t('landers.advertiserNone')}
        />
      }
      data-testid="lander-advertiser"
    />
  );
}

function ParametersField() {
  const { t } = useTabsT();
  return (
    <Form.List name="additionalParameters">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="lander-parameters">
          {fields.length === 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('landers.parametersEmpty')}
            </Typography.Text>
          ) : null}
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item
                name={[field.name, 'name']}
                style={{ flex: '0 0 200px', marginBottom: 0 }}
                rules={[requiredRule(t), zodRule(landerParameterSchema.shape.name, t)]}
              >
                <Input placeholder={t('landers.parameterName')} style={mono} maxLength={100} aria-label={t('landers.parameterName')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'value']}
                style={{ flex: 1, marginBottom: 0 }}
                rules={[zodRule(landerParameterSchema.shape.value, t), macroRule(t)]}
              >
                <Input placeholder={t('landers.parameterValue')} style={mono} aria-label={t('landers.parameterValue')} />
              </Form.Item>
              <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('landers.removeParameter')} />
            </Flex>
          ))}
          {fields.length < LANDER_PARAMETERS_MAX ? (
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', value: '' })}
              style={{ alignSelf: 'flex-start' }}
              data-testid="lander-add-parameter"
            >
              {t('landers.addParameter')}
            </Button>
          ) : null}
        </Flex>
      )}
    </Form.List>
  );
}

export function LanderDrawer({
  open,
  offer,
  lander,
  onClose,
}: {
  open: boolean;
  offer: Offer;
  lander: Lander | null;
  onClose: () => void;
}) {
  const { t } = useTabsT();
  const [sieveErrors, setSieveErrors] = useState<SieveErrors>({});
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<LanderValues>({
    open,
    deps: [lander],
    values: () => landerValuesOf(lander),
    onOpen: () => setSieveErrors({}),
  });
  const writes = useLanderWrites(offer.id);
  const saving = writes.create.isPending || writes.update.isPending;
  const pagesRef = useRef<LanderApiRef[]>([]);
  const urlRef = useRef<InputRef>(null);
  const apiLanguageId = Form.useWatch('landerApiLanguageId', form) as number | null | undefined;

  const pickVersion = (id: number | null) => {
    if (!id) return;
    const copied = fromApiLanguage(pagesRef.current, id);
    if (!copied) return;
    form.setFieldsValue(copied);
    void form.validateFields(['targetUrl', 'previewUrl']).catch(() => undefined);
  };

  const submit = async (v: LanderValues) => {
    setFailure([]);
    setSieveErrors({});
    try {
      if (lander) await writes.update.mutateAsync([landerUpdateItem(lander, v)]);
      else await writes.create.mutateAsync([landerCreateItem(offer.id, v)]);
      onClose();
    } catch (err) {
      const failureKind = statusFailure(err);
      if (failureKind.kind === 'guard') {
        form.setFields([{ name: 'status', errors: [t('landers.guard')] }]);
        return;
      }
      const { rest, sieve } = applyItemErrors(form, err);
      setSieveErrors(sieve);
      setFailure(rest);
    }
  };

  return (
    <FormDrawer<LanderValues>
      open={open}
      onClose={onClose}
      size={780}
      title={lander ? t('landers.editTitle', { title: lander.title }) : t('landers.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(lander) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={lander ? t('actions.save') : t('landers.create')}
      saveTestId="lander-save"
      formTestId="lander-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="title"
            label={t('fields.title')}
            rules={[requiredRule(t), zodRule(landerUpdate.shape.title, t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input maxLength={TITLE_MAX} autoComplete="off" data-testid="lander-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="pageType" label={t('fields.pageType')}>
            <Segmented
              block
              options={LANDER_PAGE_TYPES.map((p) => ({ value: p, label: t(`pageTypes.${p}`) }))}
              data-testid="lander-page-type"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="landerApiLanguageId" label={t('fields.landerApi')} extra={t('landers.apiHint')}>
        <ApiLanguagePicker
          verticalId={offer.vertical.id}
          current={lander?.landerApiLanguage ?? null}
          onPages={(p) => {
            pagesRef.current = p;
          }}
          onChange={(v) => {
            form.setFieldValue('landerApiLanguageId', v);
            setDirty(true);
            pickVersion(v);
          }}
        />
      </Form.Item>
      <Form.Item
        name="targetUrl"
        label={t('fields.targetUrl')}
        rules={[...(apiLanguageId ? [] : [requiredRule(t)]), zodRule(landerUpdate.shape.targetUrl, t, 'onBlur'), macroRule(t)]}
        validateTrigger={['onChange', 'onBlur']}
        extra={
          <MacroChips
            onInsert={(token) => {
              insertAtCursor(form, 'targetUrl', urlRef.current?.input, token);
              setDirty(true);
            }}
          />
        }
      >
        <Input
          ref={urlRef}
          placeholder="https://brand.example/land?click={click_id}&sub1={sub1}"
          maxLength={2048}
          style={mono}
          data-testid="lander-target-url"
        />
      </Form.Item>
      <Form.Item
        name="previewUrl"
        label={t('fields.previewUrl')}
        rules={[zodRule(landerUpdate.shape.previewUrl, t, 'onBlur')]}
        validateTrigger={['onChange', 'onBlur']}
        extra={t('landers.previewHint')}
      >
        <Input placeholder="https://brand.example/land" maxLength={2048} style={mono} data-testid="lander-preview-url" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="advertiserId" label={t('fields.advertiser')} extra={t('landers.advertiserHint')}>
            <LanderAdvertiserPicker offer={offer} current={lander?.advertiser ?? null} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="weight" label={t('fields.weight')} rules={[requiredRule(t), zodRule(landerUpdate.shape.weight, t)]}>
            <InputNumber
              min={LANDER_WEIGHT.min}
              max={LANDER_WEIGHT.max}
              precision={0}
              style={{ width: '100%' }}
              data-testid="lander-weight"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="language" label={t('fields.language')} extra={apiLanguageId ? t('landers.languageCopied') : undefined}>
            <LanguagePicker disabled={Boolean(apiLanguageId)} placeholder={t('landers.anyLanguage')} data-testid="lander-language" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="status" label={t('fields.status')} extra={t('landers.statusHint')}>
        <Segmented
          options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
          data-testid="lander-status"
        />
      </Form.Item>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('landers.parameters')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 13 }}>
        {t('landers.parametersHint')}
      </Typography.Paragraph>
      <ParametersField />
      <Divider style={{ margin: '20px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('fields.sieve')}
      </Typography.Title>
      <Form.Item name="sieve" rules={[sieveRule('landings', t)]}>
        <SieveEditor owner="landings" offerId={offer.id} errors={sieveErrors} />
      </Form.Item>
      <FormFailure messages={failure} />
    </FormDrawer>
  );
}
