/**
 * Approve, reject or hold one or many conversions (POST /conversions/change_status {items, sendPostback}; product §4):
 * a confirmation names what happens, says which selected conversions cannot take the status (they are not sent) and
 * carries the send-postback choice. The answer (changed ids, and those left as they were with the reason) is handed to
 * the screen.
 */
import { App, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useConversionWrites } from './api';
import { useConversionsT } from './i18n';
import type { OutcomeText } from '../../../components/OutcomeAlert';
import { eligibleFor, outcomeText, STATUS_ACTIONS, type StatusAction } from './model';

interface Target {
  id: number;
  status: number;
}

/** the send-postback choice (the bulk bar's, and the confirmation's copy of it) */
export function PostbackChoice({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useConversionsT();
  return (
    <Tooltip title={t('actions.sendPostbackHint')}>
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="conversion-send-postback">
        {t('actions.sendPostback')}
      </Checkbox>
    </Tooltip>
  );
}

function OwnPostbackChoice({ initial, onChange }: { initial: boolean; onChange: (value: boolean) => void }) {
  const [checked, setChecked] = useState(initial);
  return (
    <PostbackChoice
      checked={checked}
      onChange={(v) => {
        setChecked(v);
        onChange(v);
      }}
    />
  );
}

/** `run(action, targets, sendPostback, onDone)` asks, sends the conversions that may take the status and reports */
export function useStatusActions(onOutcome: (outcome: OutcomeText) => void) {
  const { t } = useConversionsT();
  const { modal, message } = App.useApp();
  const { changeStatus } = useConversionWrites();

  const run = (action: StatusAction, targets: readonly Target[], sendPostback: boolean, onDone?: () => void) => {
    const eligible = eligibleFor(action, targets);
    if (!eligible.length) {
      void message.warning(t('actions.notAllowed'));
      return;
    }
    const skipped = targets.length - eligible.length;
    let send = sendPostback;
    modal.confirm({
      title:
        eligible.length === 1
          ? t(`confirm.one.${action}`, { id: eligible[0].id })
          : t(`confirm.many.${action}`, { count: eligible.length }),
      content: (
        <Flex vertical gap={8} style={{ marginTop: 8 }}>
          {skipped ? <Typography.Text type="secondary">{t('confirm.skipped', { count: skipped })}</Typography.Text> : null}
          <OwnPostbackChoice initial={sendPostback} onChange={(v) => (send = v)} />
        </Flex>
      ),
      okText: t(`actions.${action}`),
      okButtonProps: { danger: action === 'reject', ...({ 'data-testid': `conversion-confirm-${action}` } as Record<string, string>) },
      cancelText: t('confirm.cancel'),
      onOk: async () => {
        try {
          const answer = await changeStatus.mutateAsync({
            items: eligible.map((x) => ({ id: x.id, status: STATUS_ACTIONS[action] })),
            sendPostback: send,
          });
          onOutcome(outcomeText(answer, t));
          onDone?.();
        } catch {
          // the refusal (409 with its message, 400, 403) is toasted by the client
        }
      },
    });
  };

  return { run, busy: changeStatus.isPending };
}
