import { BADGE_PATHS } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { formDataOf, toHttpError } from '../../dataProvider.ts';

/** POST multipart {filename, file} → the stored image's URL (the badge image of the editor). */
export async function uploadBadgeImage(blob: Blob, fileName: string): Promise<string> {
  const form = formDataOf({ filename: fileName });
  form.append('file', blob, fileName);
  const res = await apiClient.request(BADGE_PATHS.image, { method: 'POST', body: form });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw toHttpError(res.status, json);
  const url = (json as { url?: string } | undefined)?.url;
  if (!url) throw new Error('no image URL');
  return url;
}
