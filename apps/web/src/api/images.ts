/** Images (product §7 "Images: PUT upload and GET by id"): one multipart upload in the field `file`, at most 10 MB. */
import { IMAGE_MAX_BYTES } from '@leadgrid/shared/constants';
import type { imageSchema } from '@leadgrid/shared/access/users';
import type { z } from 'zod';
import { API_BASE, api } from './client';

export type UploadedImage = z.infer<typeof imageSchema>;

/** the types the server stores (apps/server/src/modules/settings/images/images.service.ts) */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml,image/x-icon,image/vnd.microsoft.icon,.ico';

/**
 * 'tooLarge' or 'notImage' when the browser can already tell the server would refuse the file (the server
 * answers 413 'The image is larger than 10MB' and 415), otherwise null.
 */
export function imageFileProblem(file: File): 'tooLarge' | 'notImage' | null {
  const isImage = file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|svg|ico)$/i.test(file.name);
  if (!isImage) return 'notImage';
  if (file.size > IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

export async function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file, file.name);
  // the client toasts a refusal (413: 'The image is larger than 10MB'); the write that uses the image toasts the success
  const data = await api.put<{ items: UploadedImage[] }>('/images', body, { successToast: false });
  return data.items[0];
}

/** the address an image is served from (public, cached by the browser) */
export const imageUrl = (id: number | null | undefined) => (id ? `${API_BASE}/images/${id}` : undefined);
