/**
 * Create (PUT /teams, with its first members) or edit (PATCH /teams) a team: title, description, managers and
 * the affiliate traffic flags. An edit sends only what changed.
 */
import { DESCRIPTION_MAX, TITLE_MAX } from '@leadgrid/shared/constants';
import { teamCreate, type TeamDetail, type TeamUpdate } from '@leadgrid/shared/people/people';
import { Alert, Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { requiredRule, zodRule } from '../../../components/form';
import { applyPersonErrors } from '../../../components/person/formErrors';
import { AffiliatePicker, ManagerPicker } from '../../../components/pickers/people';
import { useCreateTeams, useUpdateTeams } from './api';
import { useTeamsT } from './i18n';
import { FormDrawer, useFormDrawer, type RecordDrawerProps } from '../../../components/drawer/EntityDrawer';

interface Values {
  title: string;
  description: string;
  status: 'active' | 'inactive';
  managerIds: number[];
  memberIds: number[];
  acceptColdTraffic: boolean;
  acceptInvalidLeads: boolean;
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

const valuesOf = (team: TeamDetail | null): Values => ({
  title: team?.title ?? '',
  description: team?.description ?? '',
  status: team?.status ?? 'active',
  managerIds: team?.managers.map((m) => m.id) ?? [],
  memberIds: [],
  acceptColdTraffic: team?.acceptColdTraffic ?? false,
  acceptInvalidLeads: team?.acceptInvalidLeads ?? false,
});

function FlagRow({ name, label, hint }: { name: 'acceptColdTraffic' | 'acceptInvalidLeads'; label: string; hint: string }) {
  return (
    <Flex align="center" justify="space-between" gap={12} style={{ padding: '8px 0' }}>
      <Flex vertical>
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      </Flex>
      <Form.Item name={name} valuePropName="checked" noStyle>
        <Switch aria-label={label} />
      </Form.Item>
    </Flex>
  );
}

export function TeamDrawer({ open, team, onClose, onSaved }: RecordDrawerProps<'team', TeamDetail>) {
  const { t } = useTeamsT();
  const { form, failure, setFailure, dirty, setDirty } = useFormDrawer<Values>({
    open,
    deps: [team],
    values: () => valuesOf(team),
  });
  const create = useCreateTeams();
  const update = useUpdateTeams();
  const saving = create.isPending || update.isPending;

  const submit = async (v: Values) => {
    setFailure([]);
    try {
      let saved: TeamDetail | undefined;
      if (!team) {
        [saved] = (
          await create.mutateAsync([
            {
              title: v.title.trim(),
              description: (v.description ?? '').trim(),
              status: v.status,
              managerIds: v.managerIds ?? [],
              acceptColdTraffic: v.acceptColdTraffic,
              acceptInvalidLeads: v.acceptInvalidLeads,
              members: (v.memberIds ?? []).map((userId) => ({ userId })),
            },
          ])
        ).items;
      } else {
        const item: TeamUpdate = { id: team.id };
        if (v.title.trim() !== team.title) item.title = v.title.trim();
        if ((v.description ?? '').trim() !== team.description) item.description = (v.description ?? '').trim();
        if (
          !sameIds(
            v.managerIds ?? [],
            team.managers.map((m) => m.id),
          )
        )
          item.managerIds = v.managerIds ?? [];
        if (v.acceptColdTraffic !== team.acceptColdTraffic) item.acceptColdTraffic = v.acceptColdTraffic;
        if (v.acceptInvalidLeads !== team.acceptInvalidLeads) item.acceptInvalidLeads = v.acceptInvalidLeads;
        [saved] = (await update.mutateAsync([item])).items;
      }
      if (saved) onSaved?.(saved);
      onClose();
    } catch (err) {
      // a member already in another team answers on ['body','items',0,'members',i,'userId']: show it near the form
      setFailure(applyPersonErrors(form, err));
    }
  };

  return (
    <FormDrawer<Values>
      open={open}
      onClose={onClose}
      size={620}
      title={team ? t('drawer.editTitle', { title: team.title }) : t('drawer.createTitle')}
      form={form}
      onFinish={submit}
      onChange={() => setDirty(true)}
      saving={saving}
      saveDisabled={Boolean(team) && !dirty}
      cancelText={t('actions.cancel')}
      saveText={team ? t('actions.save') : t('drawer.create')}
      saveTestId="team-save"
      formTestId="team-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={team ? 24 : 16}>
          <Form.Item name="title" label={t('fields.title')} rules={[requiredRule(t), zodRule(teamCreate.shape.title, t)]}>
            <Input maxLength={TITLE_MAX} placeholder={t('drawer.titlePlaceholder')} autoFocus />
          </Form.Item>
        </Col>
        {!team ? (
          <Col xs={24} md={8}>
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
      </Row>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(teamCreate.shape.description, t)]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Form.Item name="managerIds" label={t('fields.managers')} extra={t('drawer.managersHint')}>
        <ManagerPicker />
      </Form.Item>
      {!team ? (
        <Form.Item name="memberIds" label={t('fields.members')} extra={t('drawer.membersHint')}>
          <AffiliatePicker purpose="assignment" data-testid="team-members-picker" />
        </Form.Item>
      ) : null}
      <FlagRow name="acceptColdTraffic" label={t('fields.acceptColdTraffic')} hint={t('drawer.coldHint')} />
      <FlagRow name="acceptInvalidLeads" label={t('fields.acceptInvalidLeads')} hint={t('drawer.invalidHint')} />
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginTop: 16 }} /> : null}
    </FormDrawer>
  );
}
