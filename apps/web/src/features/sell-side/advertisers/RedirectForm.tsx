/** The redirect template's form inside its card (the URL is required while it is on); loaded when "Edit" is pressed. */
import type { Advertiser } from '@leadgrid/shared/sell-side/advertisers';
import { Alert, Button, Flex, Form } from 'antd';
import { useState } from 'react';
import { useUpdateAdvertisers } from '../../../api/advertisers';
import { applyServerErrors, useRevalidateOnLanguageChange } from '../../../components/form';
import { useAdvertisersT } from './i18n';
import { RedirectTemplateFields } from './RedirectTemplateFields';

interface RedirectValues {
  redirectTemplateEnabled: boolean;
  redirectTemplate: string;
}

export function RedirectForm({ a, onDone }: { a: Advertiser; onDone: () => void }) {
  const { t } = useAdvertisersT();
  const [form] = Form.useForm<RedirectValues>();
  const update = useUpdateAdvertisers();
  const [failure, setFailure] = useState<string[]>([]);
  const [dirty, setDirty] = useState(false);
  useRevalidateOnLanguageChange(form);

  const submit = async (v: RedirectValues) => {
    setFailure([]);
    try {
      await update.mutateAsync([
        { id: a.id, redirectTemplateEnabled: v.redirectTemplateEnabled, redirectTemplate: (v.redirectTemplate ?? '').trim() || null },
      ]);
      onDone();
    } catch (err) {
      setFailure(applyServerErrors(form, err));
    }
  };

  return (
    <Form<RedirectValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ redirectTemplateEnabled: a.redirectTemplateEnabled, redirectTemplate: a.redirectTemplate ?? '' }}
      onValuesChange={() => setDirty(true)}
      onFinish={(v) => void submit(v)}
      data-testid="redirect-form"
    >
      <RedirectTemplateFields />
      {failure.length ? <Alert type="error" showIcon title={failure.join(' ')} style={{ marginBottom: 12 }} /> : null}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone} disabled={update.isPending} data-testid="redirect-cancel">
          {t('actions.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!dirty} loading={update.isPending} data-testid="redirect-save">
          {t('actions.save')}
        </Button>
      </Flex>
    </Form>
  );
}
