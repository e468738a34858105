import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { LearnerTraining } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { fileSize } from '../../lib/offline/file-size.ts';
import {
  downloadTraining, downloadableModules, findDownload, removeDownload, type DownloadProgress, type DownloadedTraining,
} from '../../lib/offline/downloads.ts';
import { downloadEnvironment, offlineSupported } from '../../lib/offline/environment.ts';
import { Message } from '../message/index.tsx';

/**
 * A training's "download for offline use" (spec 2 §2.1; issue 24 item 6): its video, audio and
 * PDF modules and its untimed tests go on the device; the Downloads tab of the profile lists what
 * is stored. Shown only for a training that has something to download, in a browser that can
 * keep it.
 */
export function OfflineDownload({ training, onDownloaded }: { training: LearnerTraining; onDownloaded?(): void }) {
  const { t, locale } = useI18n();
  const env = downloadEnvironment();
  const [stored, setStored] = useState<DownloadedTraining | undefined>(() => (env ? findDownload(env, training.id) : undefined));
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState(false);
  if (!env || !offlineSupported() || (downloadableModules(training).length === 0 && !stored)) return null;

  const download = async () => {
    setError(false);
    setProgress({ done: 0, total: downloadableModules(training).length });
    try {
      // the browser is asked to keep the files even when space runs short (it may say no)
      await navigator.storage?.persist?.().catch(() => false);
      setStored(await downloadTraining(env, training.id, setProgress));
      onDownloaded?.();
    } catch {
      setError(true);
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    await removeDownload(env, training.id);
    setStored(undefined);
  };

  const bytes = stored?.modules.reduce((n, m) => n + m.bytes, 0) ?? 0;
  return (
    <section class="panel offline-download" aria-labelledby="offline-title">
      <h2 id="offline-title">{t('portal.offline.title')}</h2>
      {stored ? (
        <>
          <p>{t('portal.offline.stored', { count: stored.modules.length, size: fileSize(bytes, locale) })}</p>
          <div class="actions">
            <button type="button" class="button-secondary" onClick={() => void download()} disabled={progress !== null}>{t('portal.offline.update')}</button>
            <button type="button" class="button-secondary" onClick={() => void remove()} disabled={progress !== null}>{t('portal.offline.remove')}</button>
            <Link href="/profile/downloads">{t('portal.offline.see_all')}</Link>
          </div>
        </>
      ) : (
        <>
          <p class="note">{t('portal.offline.explain')}</p>
          <div class="actions">
            <button type="button" onClick={() => void download()} disabled={progress !== null}>{t('portal.offline.download')}</button>
          </div>
        </>
      )}
      {progress && <p role="status">{t('portal.offline.downloading', { done: progress.done, total: progress.total })}</p>}
      {error && <Message kind="error">{t('portal.offline.failed')}</Message>}
    </section>
  );
}
