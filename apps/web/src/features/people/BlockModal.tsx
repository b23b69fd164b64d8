/**
 * Spec §4: blocking an affiliate or a team needs a blocking type (traffic or access) and a reason of 1-500
 * characters (components/BlockReasonModal: server errors, trimming, the reason field).
 */
import { Form, Radio, Typography } from 'antd';
import { BlockReasonModal } from '../../components/BlockReasonModal';
import { requiredRule } from '../../components/form';
import { useAffiliatesT } from './affiliates/i18n';

export type BlockKind = 'traffic' | 'access';
export interface BlockValues {
  blockType: BlockKind;
  reason: string;
}

export function BlockModal({
  open,
  title,
  hint,
  defaultType = 'traffic',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  /** what blocking does to this record (e.g. a team's members) */
  hint?: string;
  defaultType?: BlockKind;
  onSubmit: (values: BlockValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useAffiliatesT();
  const [form] = Form.useForm<BlockValues>();
  const kind = Form.useWatch('blockType', form) ?? defaultType;
  return (
    <BlockReasonModal<BlockValues>
      open={open}
      title={title}
      hint={hint}
      t={t}
      form={form}
      initialValues={{ blockType: defaultType }}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={{ confirm: 'block-confirm', form: 'block-form' }}
    >
      <Form.Item name="blockType" label={t('block.type')} rules={[requiredRule(t)]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'traffic', label: t('block.types.traffic') },
            { value: 'access', label: t('block.types.access') },
          ]}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 13 }}>
        {t(`block.typeHints.${kind}`)}
      </Typography.Paragraph>
    </BlockReasonModal>
  );
}
