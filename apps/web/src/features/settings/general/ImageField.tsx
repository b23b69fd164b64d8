/** An image setting (logo, favicon): preview, upload or replace (PUT /images, then the caller saves the id), remove. */
import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../../../api/images';
import { notify } from '../../../api/notify';
import { useSettingsT } from './i18n';

export function ImageField({
  label,
  hint,
  url,
  previewSize,
  onSave,
  testId,
}: {
  label: string;
  hint: string;
  url: string | null | undefined;
  /** the preview box: wide for a logo, square for a favicon */
  previewSize: { width: number; height: number };
  /** saves the uploaded image id, or null to remove it */
  onSave: (imageId: number | null) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useSettingsT();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File) => {
    const local = imageFileProblem(file);
    if (local) {
      const text = t(local === 'tooLarge' ? 'general.image.tooLarge' : 'general.image.notImage');
      setProblem(text);
      notify.error(text);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const image = await uploadImage(file);
      await onSave(image.id);
    } catch (err) {
      // toasted by the client; the refusal also stays under the picture (413: 'The image is larger than 10MB')
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setProblem(err.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await onSave(null);
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={16} align="center" wrap data-testid={testId}>
      <Flex justify="center" style={{ width: 160, flexShrink: 0 }}>
        <Flex
          align="center"
          justify="center"
          style={{
            width: previewSize.width,
            height: previewSize.height,
            flexShrink: 0,
            borderRadius: token.borderRadiusLG,
            border: `1px dashed ${token.colorBorder}`,
            background: `repeating-conic-gradient(${token.colorFillTertiary} 0% 25%, transparent 0% 50%) 50% / 16px 16px`,
            overflow: 'hidden',
          }}
        >
          {busy ? (
            <LoadingOutlined style={{ fontSize: 20, color: token.colorPrimary }} />
          ) : url ? (
            <img
              src={url}
              alt={label}
              style={{ maxWidth: '86%', maxHeight: '80%', objectFit: 'contain' }}
              data-testid={`${testId}-preview`}
            />
          ) : (
            <PictureOutlined style={{ fontSize: 22, color: token.colorTextQuaternary }} />
          )}
        </Flex>
      </Flex>
      <Flex vertical gap={6} style={{ minWidth: 200, flex: 1 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {hint}
        </Typography.Text>
        <Flex gap={8}>
          <Upload accept={IMAGE_ACCEPT} showUploadList={false} disabled={busy} beforeUpload={(file) => (void upload(file), false)}>
            <Button size="small" icon={<UploadOutlined />} disabled={busy}>
              {url ? t('general.image.replace') : t('general.image.upload')}
            </Button>
          </Upload>
          {url ? (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => void remove()} disabled={busy}>
              {t('general.image.remove')}
            </Button>
          ) : null}
        </Flex>
        {problem ? (
          <Typography.Text type="danger" role="alert" style={{ fontSize: 13 }}>
            {problem}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
