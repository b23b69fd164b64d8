/**
 * Create (PUT /creatives) or edit (PATCH /creatives) one creative of the offer, with the input its type needs: the
 * text of a text creative, the URL of a link creative, or a file (PUT /creatives/{id}/attachment) checked against the
 * type's extensions and the 50 MB limit before it is sent. A refused upload is said under the file; the creative is
 * kept, and the drawer stays open on it to try another file.
 */
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { DESCRIPTION_MAX } from '@leadgrid/shared/constants';
import { CREATIVE_CONTENT, creativeUpdate, fileExtension, type Creative } from '@leadgrid/shared/inventory/landers';
import type { Offer } from '@leadgrid/shared/inventory/offers';
import { CREATIVE_TYPES, type CreativeType } from '@leadgrid/shared/inventory/sieves';
import { URL_RE } from '@leadgrid/shared/validation';
import { Button, Drawer, Flex, Form, Input, Segmented, Select, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../api/client';
import { checkRule, requiredRule, useRevalidateOnLanguageChange, zodRule } from '../../../../components/form';
import { SieveEditor, sieveRule, type SieveErrors } from '../../../../components/sieve';
import { useCreativeTypes, useCreativeWrites } from './api';
import {
  creativeCreateItem,
  creativeHasFile,
  creativeUpdateItem,
  creativeValuesOf,
  extensionsOf,
  fileProblem,
  formatBytes,
  type CreativeValues,
} from './creativeForm';
import { applyItemErrors, CreativeTypeIcon, FormFailure, useTabsT } from '../../formParts';

export function CreativeDrawer({
  open,
  offer,
  creative,
  onClose,
}: {
  open: boolean;
  offer: Offer;
  creative: Creative | null;
  onClose: () => void;
}) {
  const { t } = useTabsT();
  const [form] = Form.useForm<CreativeValues>();
  useRevalidateOnLanguageChange(form);
  const writes = useCreativeWrites(offer.id);
  const types = useCreativeTypes();
  /** the creative being edited: the one given, or the one just created when its upload failed */
  const [current, setCurrent] = useState<Creative | null>(creative);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [sieveErrors, setSieveErrors] = useState<SieveErrors>({});
  const [saving, setSaving] = useState(false);
  const type = (Form.useWatch('type', form) as CreativeType | undefined) ?? 'image';
  const withFile = creativeHasFile(type);
  const content = CREATIVE_CONTENT[type];
  const extensions = extensionsOf(type, types.data);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(creativeValuesOf(creative));
    setCurrent(creative);
    setFile(null);
    setFileError(null);
    setFailure([]);
    setSieveErrors({});
  }, [open, creative, form]);

  const problemText = (f: File, ty: CreativeType) => {
    const problem = fileProblem(f, ty, types.data);
    if (!problem) return null;
    return problem.code === 'extension'
      ? t('creatives.fileExtension', { extensions: problem.extensions.map((x) => `.${x}`).join(', ') })
      : t('creatives.fileTooLarge', { size: formatBytes(problem.maxBytes) });
  };

  const chooseFile = (f: File) => {
    const problem = problemText(f, type);
    setFileError(problem);
    setFile(problem ? null : f);
  };

  // a new type keeps the file only when its extension fits (the server's rule)
  const keepsAttachment = Boolean(current?.attachment && extensions.includes(fileExtension(current.attachment.name)));

  const submit = async (v: CreativeValues) => {
    setFailure([]);
    setSieveErrors({});
    if (withFile && !file && !keepsAttachment) {
      setFileError(t('creatives.fileRequired'));
      return;
    }
    if (file && problemText(file, v.type)) return;
    setSaving(true);
    let saved = current;
    try {
      saved = current
        ? (await writes.update.mutateAsync([creativeUpdateItem(current, v)])).items[0]
        : (await writes.create.mutateAsync([creativeCreateItem(offer.id, v)])).items[0];
      setCurrent(saved);
    } catch (err) {
      const { rest, sieve } = applyItemErrors(form, err);
      setSieveErrors(sieve);
      setFailure(rest);
      setSaving(false);
      return;
    }
    if (file && saved) {
      try {
        await writes.upload.mutateAsync({ id: saved.id, file });
      } catch (err) {
        setFileError(err instanceof ApiError ? err.message : t('creatives.uploadFailed'));
        setFile(null);
        setSaving(false);
        return;
      }
    }
    setSaving(false);
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={680}
      title={current ? t('creatives.editTitle', { id: current.id }) : t('creatives.createTitle')}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} disabled={saving}>
            {t('actions.cancel')}
          </Button>
          <Button type="primary" onClick={() => form.submit()} loading={saving} data-testid="creative-save">
            {current ? t('actions.save') : t('creatives.create')}
          </Button>
        </Flex>
      }
    >
      <Form<CreativeValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} data-testid="creative-form">
        <Form.Item name="type" label={t('fields.type')} rules={[requiredRule(t)]}>
          <Select
            options={CREATIVE_TYPES.map((ty) => ({
              value: ty,
              label: (
                <Flex gap={8} align="center">
                  <CreativeTypeIcon type={ty} />
                  {t(`creativeTypes.${ty}`)}
                </Flex>
              ),
            }))}
            onChange={() => {
              setFile(null);
              setFileError(null);
            }}
            data-testid="creative-type"
          />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')} rules={[zodRule(creativeUpdate.shape.description, t)]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={DESCRIPTION_MAX}
            showCount
            placeholder={t('creatives.descriptionPlaceholder')}
            data-testid="creative-description"
          />
        </Form.Item>
        {content === 'text' ? (
          <Form.Item name="content" label={t('creatives.text')} rules={[requiredRule(t), zodRule(creativeUpdate.shape.content, t)]}>
            <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={20_000} showCount data-testid="creative-text" />
          </Form.Item>
        ) : null}
        {content === 'url' ? (
          <Form.Item
            name="content"
            label={t('creatives.link')}
            rules={[requiredRule(t), checkRule((v) => (URL_RE.test(String(v ?? '').trim()) ? true : 'url'), t)]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Input placeholder="https://brand.example/banner" maxLength={2048} data-testid="creative-link" />
          </Form.Item>
        ) : null}
        {withFile ? (
          <Form.Item
            label={t('creatives.file')}
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
            extra={t('creatives.fileHint', {
              extensions: extensions.map((x) => `.${x}`).join(', '),
              size: formatBytes(types.data?.find((x) => x.type === type)?.maxBytes ?? 50 * 1024 * 1024),
            })}
          >
            <Flex vertical gap={8}>
              {current?.attachment && !file ? (
                <Typography.Text data-testid="creative-current-file">
                  <PaperClipOutlined /> {current.attachment.name} · {formatBytes(current.attachment.size)}
                  {keepsAttachment ? null : <Typography.Text type="warning"> — {t('creatives.fileDropped')}</Typography.Text>}
                </Typography.Text>
              ) : null}
              <Upload.Dragger
                multiple={false}
                maxCount={1}
                accept={extensions.map((x) => `.${x}`).join(',')}
                showUploadList={false}
                beforeUpload={(f) => {
                  chooseFile(f);
                  return false;
                }}
                data-testid="creative-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <Typography.Text>
                  {file
                    ? `${file.name} · ${formatBytes(file.size)}`
                    : current?.attachment
                      ? t('creatives.replaceFile')
                      : t('creatives.chooseFile')}
                </Typography.Text>
              </Upload.Dragger>
            </Flex>
          </Form.Item>
        ) : null}
        <Form.Item name="status" label={t('fields.status')}>
          <Segmented options={(['active', 'inactive'] as const).map((s) => ({ value: s, label: t(`status.${s}`) }))} />
        </Form.Item>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('fields.sieve')}
        </Typography.Title>
        <Form.Item name="sieve" rules={[sieveRule('creatives', t)]}>
          <SieveEditor owner="creatives" offerId={offer.id} errors={sieveErrors} />
        </Form.Item>
        <FormFailure messages={failure} />
      </Form>
    </Drawer>
  );
}
