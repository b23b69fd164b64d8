/**
 * The status part of a person's status dialog (an employee, an advertiser's member): the three statuses with the
 * current one off, the chosen one's hint, and the reason a block asks for.
 */
import { REASON_MAX } from '@leadgrid/shared/constants';
import { zReason } from '@leadgrid/shared/validation';
import { Form, Input, Radio, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { requiredRule, zodRule } from '../form';

export type PersonStatus = 'active' | 'inactive' | 'blocked';

export function PersonStatusFields({
  t,
  current,
  chosen,
  texts,
}: {
  /** the caller's texts: `status.<value>` names each status */
  t: TFunction;
  current: PersonStatus | undefined;
  /** the status the form holds */
  chosen: PersonStatus | undefined;
  texts: { status: string; hint: (status: PersonStatus) => string; reason: string; reasonPlaceholder: string };
}) {
  return (
    <>
      <Form.Item name="status" label={texts.status} rules={[requiredRule(t)]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={(['active', 'inactive', 'blocked'] as const).map((value) => ({
            value,
            label: t(`status.${value}`),
            disabled: value === current,
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
        {chosen ? texts.hint(chosen) : null}
      </Typography.Paragraph>
      {chosen === 'blocked' ? (
        <Form.Item name="reason" label={texts.reason} rules={[requiredRule(t), zodRule(zReason(), t)]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={REASON_MAX} showCount placeholder={texts.reasonPlaceholder} />
        </Form.Item>
      ) : null}
    </>
  );
}
