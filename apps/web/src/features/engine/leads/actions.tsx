/**
 * Lead actions, singly or in mass (PATCH /leads {items:[{id, action, leadGrade?}]}; product §4): resend and send to trash
 * ask for a confirmation; a grade change asks for the grade among the grades of the leads' one vertical (read from the
 * first lead). The answer's outcome (product §8: none applied, some applied, some failed, with ids) is handed to the
 * screen, which shows it with `OutcomeAlert`.
 */
import type { LeadAction, LeadActionItem } from '@leadgrid/shared/engine/leads';
import { Alert, App, Flex, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useLead, useLeadActionsMutation } from './api';
import { useLeadsT } from './i18n';
import type { OutcomeText } from '../../../components/OutcomeAlert';
import { canResend, canTrash, outcomeText, singleVertical } from './model';

export interface ActionTarget {
  id: number;
  status: string;
  vertical: { id: number; title: string };
}

function GradeModal({
  targets,
  busy,
  onApply,
  onClose,
}: {
  targets: ActionTarget[] | null;
  busy: boolean;
  onApply: (grade: string) => void;
  onClose: () => void;
}) {
  const { t } = useLeadsT();
  const [grade, setGrade] = useState<string | undefined>();
  const open = targets !== null;
  const first = targets?.[0];
  const lead = useLead(open ? first?.id : undefined);
  const vertical = targets ? singleVertical(targets) : null;
  const grades = lead.data?.leadGrades ?? [];
  useEffect(() => {
    if (open) setGrade(targets.length === 1 ? (lead.data?.leadGrade ?? undefined) : undefined);
  }, [open, targets, lead.data?.leadGrade]);
  const count = targets?.length ?? 0;
  return (
    <Modal
      open={open}
      title={count === 1 ? t('grade.titleOne', { id: first?.id }) : t('grade.titleMany', { count })}
      okText={t('actions.apply')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !grade || !vertical, ...({ 'data-testid': 'lead-grade-apply' } as Record<string, string>) }}
      confirmLoading={busy}
      onOk={() => grade && onApply(grade)}
      onCancel={onClose}
      destroyOnHidden
      width={440}
    >
      <Flex vertical gap={12}>
        {vertical ? (
          <Typography.Text type="secondary">{t('grade.vertical', { title: vertical.title })}</Typography.Text>
        ) : (
          <Alert type="warning" showIcon title={t('actions.gradeOneVertical')} />
        )}
        {vertical && lead.data && !grades.length ? <Alert type="info" showIcon title={t('actions.gradeNoChoices')} /> : null}
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t('grade.label')} style={{ marginBottom: 0 }}>
            <Select<string>
              value={grade}
              onChange={setGrade}
              loading={lead.isFetching}
              disabled={!vertical || !grades.length}
              placeholder={t('grade.placeholder')}
              options={grades.map((g) => ({ value: g.key, label: g.title }))}
              aria-label={t('grade.label')}
              data-testid="lead-grade-select"
            />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}

/**
 * `run(action, targets, onDone)` performs one action on one or many leads (after its confirmation or grade choice) and
 * reports the outcome through `onOutcome`; `popup` is the grade dialog to render once.
 */
export function useLeadActions(onOutcome: (outcome: OutcomeText) => void): {
  run: (action: LeadAction, targets: ActionTarget[], onDone?: () => void) => void;
  busy: boolean;
  popup: ReactNode;
} {
  const { t } = useLeadsT();
  const { modal } = App.useApp();
  const mutation = useLeadActionsMutation();
  const [grading, setGrading] = useState<{ targets: ActionTarget[]; onDone?: () => void } | null>(null);

  const send = async (action: LeadAction, items: LeadActionItem[], onDone?: () => void) => {
    try {
      const answer = await mutation.mutateAsync(items);
      onOutcome(outcomeText(action, answer, t));
      if (answer.outcome !== 'none') onDone?.();
    } catch {
      // a refusal (400, 403) is toasted by the client
    }
  };

  const run = (action: LeadAction, targets: ActionTarget[], onDone?: () => void) => {
    if (!targets.length) return;
    if (action === 'grade') return setGrading({ targets, onDone });
    // only the leads the action applies to are sent; the others keep their status
    const applicable = targets.filter((x) => (action === 'resend' ? canResend(x.status) : canTrash(x.status)));
    if (!applicable.length) return;
    const count = applicable.length;
    modal.confirm({
      title: count === 1 ? t(`confirm.${action}.one`, { id: applicable[0].id }) : t(`confirm.${action}.many`, { count }),
      content: t(`confirm.${action}.text`),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action === 'trash', ...({ 'data-testid': `lead-confirm-${action}` } as Record<string, string>) },
      cancelText: t('actions.cancel'),
      onOk: () =>
        send(
          action,
          applicable.map((x) => ({ id: x.id, action })),
          onDone,
        ),
    });
  };

  return {
    run,
    busy: mutation.isPending,
    popup: (
      <GradeModal
        targets={grading?.targets ?? null}
        busy={mutation.isPending}
        onClose={() => setGrading(null)}
        onApply={(leadGrade) => {
          if (!grading) return;
          const { targets, onDone } = grading;
          void send(
            'grade',
            targets.map((x) => ({ id: x.id, action: 'grade' as const, leadGrade })),
            onDone,
          ).then(() => setGrading(null));
        }}
      />
    ),
  };
}
