/**
 * An image field (the offer's picture, the white label's logo and favicon): a preview, upload or replace (PUT /images,
 * then `onChange` takes the new id: a form field keeps it, a setting saves it) and remove (`onChange(null)`). A file
 * that is too large or not an image is refused here; the server's 4xx refusal stays under the buttons (the client
 * toasts it too).
 */
import { DeleteOutlined, LoadingOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../api/images';
import { notify } from '../api/notify';

export interface ImageUploadTexts {
  upload: string;
  replace: string;
  remove: string;
  tooLarge: string;
  notImage: string;
}

export function ImageUploadField({
  url,
  onChange,
  label,
  alt,
  hint,
  preview,
  frameWidth,
  texts,
  testId,
}: {
  url: string | null | undefined;
  /** takes the uploaded image's id, or null to remove it; a promise keeps the field busy until it settles */
  onChange: (imageId: number | null) => unknown;
  /** a title above the hint, when the field has no form label of its own */
  label?: string;
  alt: string;
  hint: string;
  /** the preview box: `cover` fills it (a picture), `contain` fits the whole image in (a logo) */
  preview: { width: number; height: number; fit: 'cover' | 'contain' };
  /** the preview centred in a frame this wide, so that boxes of other sizes line up */
  frameWidth?: number;
  texts: ImageUploadTexts;
  testId: string;
}) {
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File) => {
    const local = imageFileProblem(file);
    if (local) {
      const text = local === 'tooLarge' ? texts.tooLarge : texts.notImage;
      setProblem(text);
      notify.error(text);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const image = await uploadImage(file);
      await onChange(image.id);
    } catch (err) {
      // toasted by the client; a refusal also stays under the picture (413: 'The image is larger than 10MB')
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setProblem(err.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await onChange(null);
    } catch {
      // toasted by the client
    } finally {
      setBusy(false);
    }
  };

  const box = (
    <Flex
      align="center"
      justify="center"
      style={{
        width: preview.width,
        height: preview.height,
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
          alt={alt}
          style={
            preview.fit === 'cover'
              ? { width: '100%', height: '100%', objectFit: 'cover' }
              : { maxWidth: '86%', maxHeight: '80%', objectFit: 'contain' }
          }
          data-testid={`${testId}-preview`}
        />
      ) : (
        <PictureOutlined style={{ fontSize: 22, color: token.colorTextQuaternary }} />
      )}
    </Flex>
  );

  return (
    <Flex gap={16} align="center" wrap data-testid={testId}>
      {frameWidth ? (
        <Flex justify="center" style={{ width: frameWidth, flexShrink: 0 }}>
          {box}
        </Flex>
      ) : (
        box
      )}
      <Flex vertical gap={6} style={{ minWidth: 200, flex: 1 }}>
        {label ? <Typography.Text strong>{label}</Typography.Text> : null}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {hint}
        </Typography.Text>
        <Flex gap={8}>
          <Upload accept={IMAGE_ACCEPT} showUploadList={false} disabled={busy} beforeUpload={(file) => (void upload(file), false)}>
            <Button size="small" icon={<UploadOutlined />} disabled={busy}>
              {url ? texts.replace : texts.upload}
            </Button>
          </Upload>
          {url ? (
            <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => void remove()} disabled={busy}>
              {texts.remove}
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
