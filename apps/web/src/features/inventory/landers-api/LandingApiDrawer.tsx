/**
 * Create (PUT /landers-api) or edit (PATCH /landers-api, then POST /landers-api/{id}/edit_languages when the versions
 * changed) one landing API page: title, description, vertical, page type, status, categories, tags and its language
 * versions (language, target URL with lander macros, preview URL, status per row; one row per language). The
 * server's errors land on their field, a version's on its row; removing a version landers were made from is refused
 * by the server and said under the form.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DESCRIPTION_MAX, TITLE_MAX } from '@leadgrid/shared/constants';
import {
  landerApiLanguageInput,
  landerApiUpdate,
  type LanderApi,
  type LanderApiCreate,
  type LanderApiLanguageInput,
  type LanderApiUpdate,
} from '@leadgrid/shared/inventory/landers';
import { LANDER_PAGE_TYPES } from '@leadgrid/shared/inventory/sieves';
import { Button, Col, Divider, Flex, Form, Input, Row, Segmented, Select, Typography } from 'antd';
import { ApiError } from '../../../api/client';
import { requiredRule, zodRule } from '../../../components/form';
import { VerticalPicker } from '../../../components/pickers/sellSide';
import { CategoryPicker, TagPicker } from '../../../components/pickers/lists';
import { LanguagePicker } from '../../../components/pickers/language';
import { applyItemErrors, FormFailure, macroRule, mono } from '../formParts';
import { useCreateLandingApis, useEditLandingApiLanguages, useUpdateLandingApis } from './api';
import { useLandingsApiT } from './i18n';
import { FormDrawer, useFormDrawer, type RecordDrawerProps } from '../../../components/drawer/EntityDrawer';

export interface VersionValues {
  language: string | null;
  targetUrl: string;
  previewUrl: string;
  status: 'active' | 'inactive';
}
export interface LandingApiValues {
  title: string;
  description: string;
  verticalId: number | null;
  pageType: (typeof LANDER_PAGE_TYPES)[number];
  status: 'active' | 'inactive';
  categoryIds: number[];
  tagIds: number[];
  languages: VersionValues[];
}

export function landingApiValuesOf(a: LanderApi | null): LandingApiValues {
  return {
    title: a?.title ?? '',
    description: a?.description ?? '',
    verticalId: a?.vertical?.id ?? null,
    pageType: a?.pageType ?? 'landing',
    status: a?.status ?? 'active',
    categoryIds: a ? a.categories.map((c) => c.id) : [],
    tagIds: a ? a.tags.map((x) => x.id) : [],
    languages: a
      ? a.languages.map((l) => ({ language: l.language, targetUrl: l.targetUrl, previewUrl: l.previewUrl ?? '', status: l.status }))
      : [],
  };
}

/** the language versions as sent: trimmed, an empty preview as null */
export const versionsOf = (list: VersionValues[] | undefined): LanderApiLanguageInput[] =>
  (list ?? []).map((l) => ({
    language: l.language ?? '',
    targetUrl: (l.targetUrl ?? '').trim(),
    previewUrl: (l.previewUrl ?? '').trim() || null,
    status: l.status,
  }));

const sameIds = (a: readonly number[], b: readonly number[]) => [...a].sort().join() === [...b].sort().join();

export function landingApiCreateItem(v: LandingApiValues): LanderApiCreate {
  return {
    title: v.title.trim(),
    description: v.description ?? '',
    verticalId: v.verticalId ?? null,
    pageType: v.pageType,
    status: v.status,
    categoryIds: v.categoryIds ?? [],
    tagIds: v.tagIds ?? [],
    languages: versionsOf(v.languages),
  };
}

/** the PATCH item (only what changed; null when nothing did) and the new set of versions (null when unchanged) */
export function landingApiChanges(
  a: LanderApi,
  v: LandingApiValues,
): { item: LanderApiUpdate | null; versions: LanderApiLanguageInput[] | null } {
  const item: LanderApiUpdate = { id: a.id };
  if (v.title.trim() !== a.title) item.title = v.title.trim();
  if ((v.description ?? '') !== a.description) item.description = v.description ?? '';
  if ((v.verticalId ?? null) !== (a.vertical?.id ?? null)) item.verticalId = v.verticalId ?? null;
  if (v.pageType !== a.pageType) item.pageType = v.pageType;
  if (v.status !== a.status) item.status = v.status;
  if (
    !sameIds(
      v.categoryIds ?? [],
      a.categories.map((c) => c.id),
    )
  )
    item.categoryIds = v.categoryIds ?? [];
  if (
    !sameIds(
      v.tagIds ?? [],
      a.tags.map((x) => x.id),
    )
  )
    item.tagIds = v.tagIds ?? [];
  const next = versionsOf(v.languages);
  const before = versionsOf(landingApiValuesOf(a).languages);
  return { item: Object.keys(item).length > 1 ? item : null, versions: JSON.stringify(next) !== JSON.stringify(before) ? next : null };
}

/** edit_languages answers `['body','data',i,...]`: read as the form's `languages` rows */
const asVersionErrors = (err: unknown) =>
  err instanceof ApiError
    ? new ApiError(
        err.status,
        err.message,
        err.errors.map((e) => {
          const at = e.loc.indexOf('data');
          return at >= 0 ? { ...e, loc: ['body', 'items', 0, 'languages', ...e.loc.slice(at + 1)] } : e;
        }),
      )
    : err;

function VersionsField() {
  const { t } = useLandingsApiT();
  const rows = (Form.useWatch('languages') ?? []) as VersionValues[];
  return (
    <Form.List
      name="languages"
      rules={[
        {
          validator: async (_rule, list: VersionValues[] | undefined) => {
            const seen = new Set<string>();
            for (const l of list ?? []) {
              if (l?.language && seen.has(l.language)) throw new Error(t('versions.duplicate', { language: l.language }));
              if (l?.language) seen.add(l.language);
            }
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={10} data-testid="versions-editor">
          {fields.length === 0 ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('versions.empty')}
            </Typography.Text>
          ) : null}
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="flex-start" data-testid={`version-${i}`}>
              <Form.Item name={[field.name, 'language']} style={{ width: 150, flex: 'none', marginBottom: 0 }} rules={[requiredRule(t)]}>
                <LanguagePicker placeholder={t('versions.language')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'targetUrl']}
                style={{ flex: '2 1 0', minWidth: 0, marginBottom: 0 }}
                rules={[requiredRule(t), zodRule(landerApiLanguageInput.shape.targetUrl, t), macroRule(t)]}
                validateTrigger={['onChange', 'onBlur']}
              >
                <Input placeholder={t('versions.targetUrl')} style={mono} maxLength={2048} aria-label={t('versions.targetUrl')} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'previewUrl']}
                style={{ flex: '1 1 0', minWidth: 0, marginBottom: 0 }}
                rules={[zodRule(landerApiLanguageInput.shape.previewUrl, t)]}
              >
                <Input placeholder={t('versions.previewUrl')} style={mono} maxLength={2048} aria-label={t('versions.previewUrl')} />
              </Form.Item>
              <Form.Item name={[field.name, 'status']} style={{ marginBottom: 0, flex: 'none' }}>
                <Select
                  style={{ width: 110 }}
                  options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  aria-label={t('fields.status')}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => remove(field.name)}
                aria-label={t('versions.remove', { language: rows[i]?.language ?? '' })}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ language: null, targetUrl: '', previewUrl: '', status: 'active' })}
            style={{ alignSelf: 'flex-start' }}
            data-testid="version-add"
          >
            {t('versions.add')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

export function LandingApiDrawer({ open, page, onClose, onSaved }: RecordDrawerProps<'page', LanderApi>) {
  const { t } = useLandingsApiT();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<LandingApiValues>({
    open,
    deps: [page],
    values: () => landingApiValuesOf(page),
  });
  const create = useCreateLandingApis();
  const update = useUpdateLandingApis();
  const editVersions = useEditLandingApiLanguages();
  const saving = create.isPending || update.isPending || editVersions.isPending;

  const submit = async (v: LandingApiValues) => {
    setFailure([]);
    if (!page) {
      try {
        const [saved] = (await create.mutateAsync([landingApiCreateItem(v)])).items;
        if (saved) onSaved?.(saved);
        onClose();
      } catch (err) {
        setFailure(applyItemErrors(form, err).rest);
      }
      return;
    }
    const { item, versions } = landingApiChanges(page, v);
    let saved: LanderApi | undefined;
    if (item) {
      try {
        saved = (await update.mutateAsync([item])).items[0];
      } catch (err) {
        setFailure(applyItemErrors(form, err).rest);
        return;
      }
    }
    if (versions) {
      try {
        saved = (await editVersions.mutateAsync({ id: page.id, data: versions, successToast: !item })).items[0];
      } catch (err) {
        setFailure(applyItemErrors(form, asVersionErrors(err)).rest);
        return;
      }
    }
    if (saved) onSaved?.(saved);
    onClose();
  };

  return (
    <FormDrawer<LandingApiValues>
      open={open}
      onClose={onClose}
      size={820}
      title={page ? t('drawer.editTitle', { title: page.title }) : t('drawer.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(page) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={page ? t('actions.save') : t('actions.create')}
      saveTestId="landing-api-save"
      formTestId="landing-api-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item
            name="title"
            label={t('fields.title')}
            rules={[requiredRule(t), zodRule(landerApiUpdate.shape.title, t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input maxLength={TITLE_MAX} autoComplete="off" data-testid="landing-api-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="status" label={t('fields.status')}>
            <Segmented block options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(landerApiUpdate.shape.description, t)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="verticalId" label={t('fields.vertical')} extra={t('drawer.verticalHint')}>
            <VerticalPicker placeholder={t('drawer.anyVertical')} data-testid="landing-api-vertical" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pageType" label={t('fields.pageType')}>
            <Segmented block options={LANDER_PAGE_TYPES.map((p) => ({ value: p, label: t(`pageTypes.${p}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="categoryIds" label={t('fields.categories')}>
            <CategoryPicker />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="tagIds" label={t('fields.tags')}>
            <TagPicker type="landing" />
          </Form.Item>
        </Col>
      </Row>
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('versions.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 13 }}>
        {t('versions.hint')}
      </Typography.Paragraph>
      <VersionsField />
      <FormFailure messages={failure} />
    </FormDrawer>
  );
}
