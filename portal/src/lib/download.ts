import { ApiRequestError } from '@lp/shared/client';
import { isApiError } from '@lp/shared/contract';
import { api } from './api.ts';

/** `attachment; filename="x.pdf"` or `filename*=UTF-8''x.pdf` → the name, if any. */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads a file that needs the bearer token (and its refresh): fetched as a blob and saved
 * through a temporary object URL, so the token never goes into a link or the history.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await api.request(path);
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiRequestError(res.status, isApiError(body) ? body : { detail: res.statusText, code: 'unexpected_error' });
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(res.headers.get('Content-Disposition')) ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser needs a moment to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
