/**
 * Create (PUT /affiliates) or edit (PATCH /affiliates) one affiliate: account and profile, contacts, managers,
 * team, tags, the traffic flags and the redirect to the advertiser. An edit sends only what changed.
 */
import { REDIRECT_TO_ADVERTISER } from '@leadgrid/shared/constants';
import type { AffiliateCreate, AffiliateDetail, AffiliateUpdate } from '@leadgrid/shared/people/people';
import { Alert, Col, Divider, Flex, Form, Row, Select, Switch, Typography } from 'antd';
import { TagPicker } from '../../../components/pickers/lists';
import { useCreateAffiliates, useUpdateAffiliates } from '../../../api/affiliates';
import { cleanContacts } from '../../../components/person/ContactsField';
import { applyPersonErrors } from '../../../components/person/formErrors';
import { useAffiliatesT } from './i18n';
import {
  browserZone,
  fromBirthDate,
  PersonFields,
  toBirthDate,
  zoneName,
  type PersonValues,
} from '../../../components/person/PersonFields';
import { ManagerPicker, TeamPicker } from '../../../components/pickers/people';
import { FormDrawer, useFormDrawer, type RecordDrawerProps } from '../../../components/drawer/EntityDrawer';

type Redirect = (typeof REDIRECT_TO_ADVERTISER)[number];

interface Values extends PersonValues {
  managerIds: number[];
  teamId?: number | null;
  tagIds: number[];
  acceptColdTraffic: boolean;
  acceptInvalidLeads: boolean;
  redirectToAdvertiser: Redirect;
  status: 'active' | 'inactive';
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function valuesOf(a: AffiliateDetail | null): Values {
  if (!a)
    return {
      email: '',
      passwordMode: 'generate',
      firstName: '',
      lastName: '',
      birthDate: null,
      timezone: browserZone(),
      language: 'en',
      contacts: [],
      managerIds: [],
      teamId: null,
      tagIds: [],
      acceptColdTraffic: false,
      acceptInvalidLeads: false,
      redirectToAdvertiser: 'direct',
      status: 'active',
    };
  return {
    email: a.email,
    passwordMode: 'keep',
    firstName: a.firstName,
    lastName: a.lastName,
    birthDate: fromBirthDate(a.birthDate),
    timezone: zoneName(a.timezone),
    language: a.language === 'ru' ? 'ru' : 'en',
    contacts: a.contacts.map((c) => ({ type: c.type, value: c.value })),
    managerIds: a.managers.map((m) => m.id),
    teamId: a.team?.id ?? null,
    tagIds: a.tags.map((t) => t.id),
    acceptColdTraffic: a.acceptColdTraffic,
    acceptInvalidLeads: a.acceptInvalidLeads,
    redirectToAdvertiser: a.redirectToAdvertiser,
    status: a.status === 'inactive' ? 'inactive' : 'active',
  };
}

export function AffiliateDrawer({ open, affiliate, onClose, onSaved }: RecordDrawerProps<'affiliate', AffiliateDetail>) {
  const { t } = useAffiliatesT();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<Values>({
    open,
    deps: [affiliate],
    values: () => valuesOf(affiliate),
  });
  const create = useCreateAffiliates();
  const update = useUpdateAffiliates();
  const saving = create.isPending || update.isPending;

  const submit = async (v: Values) => {
    setFailure([]);
    const contacts = cleanContacts(v.contacts);
    try {
      let saved: AffiliateDetail | undefined;
      if (!affiliate) {
        const item: AffiliateCreate = {
          email: v.email.trim(),
          password: v.passwordMode === 'set' ? v.password : undefined,
          firstName: v.firstName.trim(),
          lastName: (v.lastName ?? '').trim(),
          contacts,
          birthDate: toBirthDate(v.birthDate),
          timezone: v.timezone,
          language: v.language,
          managerIds: v.managerIds ?? [],
          teamId: v.teamId ?? null,
          tagIds: v.tagIds ?? [],
          acceptColdTraffic: v.acceptColdTraffic,
          acceptInvalidLeads: v.acceptInvalidLeads,
          redirectToAdvertiser: v.redirectToAdvertiser,
          status: v.status,
        };
        [saved] = (await create.mutateAsync([item])).items;
      } else {
        const before = valuesOf(affiliate);
        const item: AffiliateUpdate = { id: affiliate.id };
        const email = v.email.trim();
        if (email !== affiliate.email) item.email = email;
        if (v.passwordMode === 'set' && v.password) item.password = v.password;
        if (v.firstName.trim() !== affiliate.firstName) item.firstName = v.firstName.trim();
        if ((v.lastName ?? '').trim() !== affiliate.lastName) item.lastName = (v.lastName ?? '').trim();
        if (JSON.stringify(contacts) !== JSON.stringify(affiliate.contacts.map((c) => ({ type: c.type, value: c.value }))))
          item.contacts = contacts;
        if (toBirthDate(v.birthDate) !== affiliate.birthDate) item.birthDate = toBirthDate(v.birthDate);
        if (v.timezone !== before.timezone) item.timezone = v.timezone;
        if (v.language !== before.language) item.language = v.language;
        if (!sameIds(v.managerIds ?? [], before.managerIds)) item.managerIds = v.managerIds ?? [];
        if ((v.teamId ?? null) !== before.teamId) item.teamId = v.teamId ?? null;
        if (!sameIds(v.tagIds ?? [], before.tagIds)) item.tagIds = v.tagIds ?? [];
        if (v.acceptColdTraffic !== before.acceptColdTraffic) item.acceptColdTraffic = v.acceptColdTraffic;
        if (v.acceptInvalidLeads !== before.acceptInvalidLeads) item.acceptInvalidLeads = v.acceptInvalidLeads;
        if (v.redirectToAdvertiser !== before.redirectToAdvertiser) item.redirectToAdvertiser = v.redirectToAdvertiser;
        [saved] = (await update.mutateAsync([item])).items;
      }
      if (saved) onSaved?.(saved);
      onClose();
    } catch (err) {
      setFailure(applyPersonErrors(form, err));
    }
  };

  return (
    <FormDrawer<Values>
      open={open}
      onClose={onClose}
      size={760}
      title={
        affiliate
          ? t('drawer.editTitle', { name: `${affiliate.firstName} ${affiliate.lastName}`.trim() || affiliate.email })
          : t('drawer.createTitle')
      }
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(affiliate) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={affiliate ? t('actions.save') : t('drawer.create')}
      saveTestId="affiliate-save"
      formTestId="affiliate-form"
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.account')}
      </Typography.Title>
      <PersonFields editing={Boolean(affiliate)} currentZone={affiliate ? zoneName(affiliate.timezone) : undefined} />
      <Divider style={{ margin: '4px 0 16px' }} />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('drawer.work')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="managerIds" label={t('fields.managers')}>
            <ManagerPicker data-testid="affiliate-managers" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="teamId" label={t('fields.team')} extra={t('drawer.teamHint')}>
            <TeamPicker multiple={false} purpose="assignment" placeholder={t('pickers.noTeam')} data-testid="affiliate-team" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="tagIds" label={t('fields.tags')}>
            <TagPicker type="affiliate" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="redirectToAdvertiser" label={t('fields.redirectToAdvertiser')} tooltip={t('drawer.redirectHint')}>
            <Select options={REDIRECT_TO_ADVERTISER.map((value) => ({ value, label: t(`redirect.${value}`) }))} />
          </Form.Item>
        </Col>
        {!affiliate ? (
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('fields.status')}>
              <Select
                options={[
                  { value: 'active', label: t('status.active') },
                  { value: 'inactive', label: t('status.inactive') },
                ]}
              />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Flex align="center" justify="space-between" gap={12} style={{ padding: '8px 0' }}>
            <Flex vertical>
              <Typography.Text>{t('fields.acceptColdTraffic')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('flags.acceptColdTrafficHint')}
              </Typography.Text>
            </Flex>
            <Form.Item name="acceptColdTraffic" valuePropName="checked" noStyle>
              <Switch aria-label={t('fields.acceptColdTraffic')} />
            </Form.Item>
          </Flex>
        </Col>
        <Col xs={24} md={12}>
          <Flex align="center" justify="space-between" gap={12} style={{ padding: '8px 0' }}>
            <Flex vertical>
              <Typography.Text>{t('fields.acceptInvalidLeads')}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('flags.acceptInvalidLeadsHint')}
              </Typography.Text>
            </Flex>
            <Form.Item name="acceptInvalidLeads" valuePropName="checked" noStyle>
              <Switch aria-label={t('fields.acceptInvalidLeads')} />
            </Form.Item>
          </Flex>
        </Col>
      </Row>
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 16 }} /> : null}
    </FormDrawer>
  );
}
