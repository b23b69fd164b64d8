/**
 * The general fields of an offer (product §2 tab general, §3 Offer), shared by the create drawer and the general tab:
 * title, description, image (PUT /images, 10 MB), vertical with its goal, integration method, access type, hot flag,
 * pay methods (payment models of the vertical or global), traffic sources, categories, tags, managers, geos, click
 * session lifespan and what it counts from, trafficback URL. Values <-> create item / changed-only edit item.
 */
import { DESCRIPTION_MAX, TITLE_MAX } from '@leadgrid/shared/constants';
import {
  SESSION_LIFESPAN,
  type Offer,
  type OfferCreate,
  type OfferCreationData,
  type OfferUpdate,
} from '@leadgrid/shared/inventory/offers';
import type { OfferStatus } from '@leadgrid/shared/inventory/sieves';
import { zDescription, zTitle, zUrl } from '@leadgrid/shared/validation';
import { Col, Divider, Flex, Form, Input, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { imageUrl } from '../../../api/images';
import { requiredRule, zodRule } from '../../../components/form';
import { ImageUploadField } from '../../../components/ImageUploadField';
import { CountrySelect } from '../../../components/sieve/pickers';
import { CategoryPicker, TagPicker, TrafficSourcePicker } from '../../../components/pickers/lists';
import { useOffersT } from './i18n';
import { OfferManagerPicker } from './pickers';

export interface OfferValues {
  title: string;
  description: string;
  imageId: number | null;
  verticalId: number | undefined;
  integrationMethod: Offer['integrationMethod'];
  accessType: 1 | 3;
  isHot: boolean;
  status: OfferStatus;
  payMethodIds: number[];
  trafficSourceIds: number[];
  categoryIds: number[];
  tagIds: number[];
  managerIds: number[];
  geos: string[];
  sessionLifespan: number;
  sessionLifespanType: Offer['sessionLifespanType'];
  goalId: number | null;
  trafficbackUrl: string;
}

const ids = (list: { id: number }[]) => list.map((x) => x.id);
const sameIds = (a: readonly (number | string)[], b: readonly (number | string)[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function valuesOf(o: Offer | null): OfferValues {
  return {
    title: o?.title ?? '',
    description: o?.description ?? '',
    imageId: o?.imageId ?? null,
    verticalId: o?.vertical.id,
    integrationMethod: o?.integrationMethod ?? 'api',
    accessType: o?.accessType ?? 1,
    isHot: o?.isHot ?? false,
    status: o?.status ?? 'draft',
    payMethodIds: o ? ids(o.payMethods) : [],
    trafficSourceIds: o ? ids(o.trafficSources) : [],
    categoryIds: o ? ids(o.categories) : [],
    tagIds: o ? ids(o.tags) : [],
    managerIds: o ? ids(o.managers) : [],
    geos: o?.geos ?? [],
    sessionLifespan: o?.sessionLifespan ?? SESSION_LIFESPAN.default,
    sessionLifespanType: o?.sessionLifespanType ?? 'click',
    goalId: o?.goal?.id ?? null,
    trafficbackUrl: o?.trafficbackUrl ?? '',
  };
}

export function toCreate(v: OfferValues): OfferCreate {
  return {
    title: v.title.trim(),
    description: (v.description ?? '').trim(),
    imageId: v.imageId ?? null,
    verticalId: v.verticalId as number,
    integrationMethod: v.integrationMethod,
    accessType: v.accessType,
    isHot: Boolean(v.isHot),
    status: v.status,
    payMethodIds: v.payMethodIds ?? [],
    trafficSourceIds: v.trafficSourceIds ?? [],
    categoryIds: v.categoryIds ?? [],
    tagIds: v.tagIds ?? [],
    managerIds: v.managerIds ?? [],
    geos: v.geos ?? [],
    sessionLifespan: v.sessionLifespan,
    sessionLifespanType: v.sessionLifespanType,
    goalId: v.goalId ?? null,
    trafficbackUrl: (v.trafficbackUrl ?? '').trim() || null,
  };
}

/** The edit item: only what differs from the offer as loaded (status changes go through change_status). */
export function toUpdate(o: Offer, v: OfferValues): OfferUpdate {
  const next = toCreate(v);
  const before = toCreate(valuesOf(o));
  const item: OfferUpdate = { id: o.id };
  const scalar = [
    'title',
    'description',
    'imageId',
    'verticalId',
    'integrationMethod',
    'accessType',
    'isHot',
    'sessionLifespan',
    'sessionLifespanType',
    'goalId',
    'trafficbackUrl',
  ] as const;
  for (const key of scalar) if (next[key] !== before[key]) (item as Record<string, unknown>)[key] = next[key];
  const lists = ['payMethodIds', 'trafficSourceIds', 'categoryIds', 'tagIds', 'managerIds', 'geos'] as const;
  for (const key of lists)
    if (!sameIds((next[key] ?? []) as (number | string)[], (before[key] ?? []) as (number | string)[]))
      (item as Record<string, unknown>)[key] = next[key];
  return item;
}

/** The offer image: preview, upload (PUT /images; the id is saved with the form) or remove. */
export function OfferImageInput({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useOffersT();
  return (
    <ImageUploadField
      url={imageUrl(value)}
      onChange={(id) => onChange?.(id)}
      alt={t('fields.image')}
      hint={t('hints.image')}
      preview={{ width: 96, height: 96, fit: 'cover' }}
      texts={{
        upload: t('image.upload'),
        replace: t('image.replace'),
        remove: t('image.remove'),
        tooLarge: t('image.tooLarge'),
        notImage: t('image.notImage'),
      }}
      testId="offer-image"
    />
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 12 }}>
      {children}
    </Typography.Title>
  );
}

/**
 * The fields, inside a `<Form>` of OfferValues. `creation` holds the choices (GET /offers/creation-data); `offer` keeps
 * the titles of an inactive vertical, goal or payment model the offer still uses. `withStatus`: the create form.
 */
export function OfferFields({
  creation,
  offer,
  withStatus,
}: {
  creation: OfferCreationData | undefined;
  offer?: Offer | null;
  withStatus?: boolean;
}) {
  const { t } = useOffersT();
  const form = Form.useFormInstance<OfferValues>();
  const verticalId = Form.useWatch('verticalId', form) as number | undefined;
  const lifespanType = Form.useWatch('sessionLifespanType', form) as OfferValues['sessionLifespanType'] | undefined;
  const accessType = Form.useWatch('accessType', form) as 1 | 3 | undefined;

  const verticals = [...(creation?.verticals ?? [])];
  if (offer && !verticals.some((v) => v.id === offer.vertical.id))
    verticals.push({ ...offer.vertical, goals: offer.goal ? [offer.goal] : [] });
  const vertical = verticals.find((v) => v.id === verticalId);
  const goals = [...(vertical?.goals ?? [])];
  if (offer?.goal && offer.vertical.id === verticalId && !goals.some((g) => g.id === offer.goal!.id)) goals.push(offer.goal);
  const models = (creation?.paymentModels ?? []).filter((m) => m.verticalId === null || m.verticalId === verticalId);
  for (const m of offer?.payMethods ?? []) if (!models.some((x) => x.id === m.id)) models.push({ ...m, verticalId: verticalId ?? null });

  // a goal or payment model of another vertical does not survive a change of vertical
  useEffect(() => {
    if (!creation || verticalId === undefined) return;
    const goalId = form.getFieldValue('goalId') as number | null;
    if (goalId && !goals.some((g) => g.id === goalId)) form.setFieldValue('goalId', null);
    const pay = (form.getFieldValue('payMethodIds') as number[] | undefined) ?? [];
    const kept = pay.filter((id) => models.some((m) => m.id === id));
    if (kept.length !== pay.length) form.setFieldValue('payMethodIds', kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verticalId, creation]);

  const methods = creation?.integrationMethods ?? ['api', 'postback', 'redirect', 'api_sync'];

  return (
    <>
      <SectionTitle>{t('drawer.about')}</SectionTitle>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="title"
            label={t('fields.title')}
            rules={[requiredRule(t), zodRule(zTitle(), t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input maxLength={TITLE_MAX} autoComplete="off" data-testid="offer-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="isHot" label={t('fields.isHot')} valuePropName="checked" tooltip={t('hints.isHot')}>
            <Switch data-testid="offer-hot" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(zDescription(), t)]}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={DESCRIPTION_MAX} showCount />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="imageId" label={t('fields.image')}>
            <OfferImageInput />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <SectionTitle>{t('drawer.setup')}</SectionTitle>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="verticalId"
            label={t('fields.vertical')}
            rules={[requiredRule(t)]}
            extra={offer ? t('hints.verticalLocked') : undefined}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={!creation}
              options={verticals.map((v) => ({ value: v.id, label: v.title }))}
              placeholder={t('pickers.vertical')}
              data-testid="offer-vertical"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="integrationMethod" label={t('fields.integrationMethod')} rules={[requiredRule(t)]}>
            <Select options={methods.map((m) => ({ value: m, label: t(`methods.${m}`) }))} data-testid="offer-method" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="payMethodIds" label={t('fields.payMethods')} extra={t('hints.payMethods')}>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={models.map((m) => ({ value: m.id, label: m.code }))}
              optionRender={(o) => (
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong>{String(o.label)}</Typography.Text>
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {models.find((m) => m.id === o.value)?.title.replace(/^\S+\s+—\s+/, '')}
                  </Typography.Text>
                </Flex>
              )}
              placeholder={t('fields.payMethods')}
              data-testid="offer-pay-methods"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="trafficSourceIds" label={t('fields.trafficSources')}>
            <TrafficSourcePicker maxTagCount="responsive" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoryIds" label={t('fields.categories')}>
            <CategoryPicker maxTagCount="responsive" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tagIds" label={t('fields.tags')}>
            <TagPicker type="offer" maxTagCount="responsive" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <SectionTitle>{t('drawer.audience')}</SectionTitle>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="accessType"
            label={t('fields.accessType')}
            extra={accessType === 3 ? t('hints.accessPrivate') : t('hints.accessPublic')}
          >
            <Radio.Group optionType="button" buttonStyle="solid" data-testid="offer-access">
              <Radio.Button value={1}>{t('access.public')}</Radio.Button>
              <Radio.Button value={3}>{t('access.private')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
        </Col>
        {withStatus ? (
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('fields.status')}>
              <Radio.Group optionType="button" data-testid="offer-status">
                {(['draft', 'active', 'inactive'] as const).map((s) => (
                  <Radio.Button key={s} value={s}>
                    {t(`status.${s}`)}
                  </Radio.Button>
                ))}
              </Radio.Group>
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24} md={12}>
            <Form.Item name="managerIds" label={t('fields.managers')}>
              <OfferManagerPicker maxTagCount="responsive" data-testid="offer-managers" />
            </Form.Item>
          </Col>
        )}
        {withStatus ? (
          <Col span={24}>
            <Form.Item name="managerIds" label={t('fields.managers')}>
              <OfferManagerPicker maxTagCount="responsive" data-testid="offer-managers" />
            </Form.Item>
          </Col>
        ) : null}
        <Col span={24}>
          <Form.Item name="geos" label={t('fields.geos')} extra={t('hints.geos')}>
            <CountrySelect placeholder={t('anyGeo')} maxTagCount={12} data-testid="offer-geos" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <SectionTitle>{t('drawer.tracking')}</SectionTitle>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('fields.sessionLifespan')} extra={t('hints.sessionLifespan')} required={false}>
            <Flex gap={8} align="center">
              <Form.Item
                name="sessionLifespan"
                noStyle
                rules={[
                  requiredRule(t),
                  { type: 'integer', min: SESSION_LIFESPAN.min, max: SESSION_LIFESPAN.max, message: t('validation.minMax') },
                ]}
              >
                <InputNumber
                  min={SESSION_LIFESPAN.min}
                  max={SESSION_LIFESPAN.max}
                  precision={0}
                  style={{ width: 110 }}
                  aria-label={t('fields.sessionLifespan')}
                  suffix={t('hints.days')}
                  data-testid="offer-lifespan"
                />
              </Form.Item>
              <Form.Item name="sessionLifespanType" noStyle>
                <Select
                  style={{ width: 170 }}
                  options={(creation?.sessionLifespanTypes ?? ['click', 'goal']).map((x) => ({ value: x, label: t(`lifespanTypes.${x}`) }))}
                  aria-label={t('fields.sessionLifespanType')}
                  data-testid="offer-lifespan-type"
                />
              </Form.Item>
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="goalId"
            label={t('fields.goal')}
            extra={verticalId === undefined ? t('hints.chooseVertical') : goals.length ? t('hints.goal') : t('hints.noGoals')}
            rules={lifespanType === 'goal' ? [requiredRule(t)] : []}
            dependencies={['sessionLifespanType']}
          >
            <Select
              allowClear
              disabled={verticalId === undefined}
              options={goals.map((g) => ({ value: g.id, label: g.title }))}
              placeholder={t('pickers.goal')}
              data-testid="offer-goal"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="trafficbackUrl"
            label={t('fields.trafficbackUrl')}
            extra={t('hints.trafficbackUrl')}
            rules={[zodRule(zUrl(), t, 'onBlur')]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input placeholder="https://" maxLength={2048} data-testid="offer-trafficback" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
