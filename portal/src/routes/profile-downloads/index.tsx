import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { useI18n } from '../../lib/i18n.ts';
import { fileSize } from '../../lib/offline/file-size.ts';
import { downloadedBytes, readDownloads, removeDownload, type DownloadedTraining } from '../../lib/offline/downloads.ts';
import { downloadEnvironment, offlineSupported } from '../../lib/offline/environment.ts';
import { progressOutbox } from '../../lib/offline/progress-outbox.ts';
import { useDateFormat } from '../../lib/format.ts';
import { ProfileTabs } from '../../components/profile-tabs/index.tsx';
import { Message } from '../../components/message/index.tsx';

/** What the browser says of the origin's storage (navigator.storage.estimate), when it says. */
function useStorageEstimate(revision: number): StorageEstimate | null {
  const [estimate, setEstimate] = useState<StorageEstimate | null>(null);
  useEffect(() => {
    void navigator.storage?.estimate?.().then(setEstimate, () => setEstimate(null));
  }, [revision]);
  return estimate;
}

/** How many player events wait for the connection (the progress outbox), followed live. */
function usePendingEvents(): number {
  const [pending, setPending] = useState(0);
  useEffect(() => {
    const outbox = progressOutbox();
    const follow = () => setPending(outbox.size);
    follow();
    return outbox.subscribe(follow);
  }, []);
  return pending;
}

/**
 * /profile/downloads — the trainings downloaded for offline use on this device (spec 2 §2.1;
 * issue 24 item 6): what each keeps, the space it takes, and the way to remove it.
 */
export default function ProfileDownloads() {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const env = downloadEnvironment();
  const [revision, setRevision] = useState(0);
  const [removing, setRemoving] = useState<number | null>(null);
  const downloads: DownloadedTraining[] = env ? readDownloads(env) : [];
  const estimate = useStorageEstimate(revision);
  const pending = usePendingEvents();
  const total = downloadedBytes(downloads);

  const remove = async (trainingIds: number[]) => {
    if (!env) return;
    for (const id of trainingIds) {
      setRemoving(id);
      await removeDownload(env, id);
    }
    setRemoving(null);
    setRevision((n) => n + 1);
  };

  return (
    <div class="profile">
      <h1>{t('portal.profile.title')}</h1>
      <ProfileTabs />
      <section class="panel downloads" aria-labelledby="downloads-title">
        <h2 id="downloads-title">{t('portal.offline.downloads_title')}</h2>
        {!offlineSupported() && <Message kind="info">{t('portal.offline.unsupported')}</Message>}
        {pending > 0 && <Message kind="info">{t('portal.offline.pending', { count: pending })}</Message>}
        <p class="downloads-usage">
          <strong>{t('portal.offline.usage', { size: fileSize(total, locale) })}</strong>
          {estimate?.quota ? <span class="muted"> {t('portal.offline.quota', { used: fileSize(estimate.usage ?? 0, locale), quota: fileSize(estimate.quota, locale) })}</span> : null}
        </p>
        {downloads.length === 0 ? (
          <p class="note">{t('portal.offline.none')}</p>
        ) : (
          <>
            <ul class="download-list">
              {downloads.map((d) => (
                <li key={d.trainingId} class="download-item">
                  <div class="download-main">
                    <Link href={`/courses/${d.trainingId}`} class="download-title">{d.title}</Link>
                    <p class="muted">
                      {t('portal.offline.item_summary', {
                        count: d.modules.length, size: fileSize(d.modules.reduce((n, m) => n + m.bytes, 0), locale), date: dates.instant(d.savedAt),
                      })}
                    </p>
                    <ul class="download-parts">
                      {d.modules.map((m) => (
                        <li key={m.moduleId}>{t(`portal.offline.kinds.${m.kind}`)} · {m.title} · {fileSize(m.bytes, locale)}</li>
                      ))}
                      {d.tests.map((test) => (
                        <li key={`test-${test.testId}`}>
                          {t('portal.offline.kinds.test')} · {test.title} · {test.blocked ? t(`portal.offline.test_blocked.${test.blocked}`) : t('portal.offline.test_ready')}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <button type="button" class="button-secondary" disabled={removing !== null}
                    aria-label={t('portal.offline.remove_named', { title: d.title })} onClick={() => void remove([d.trainingId])}>
                    {t('portal.offline.remove')}
                  </button>
                </li>
              ))}
            </ul>
            <div class="actions">
              <button type="button" class="button-secondary" disabled={removing !== null} onClick={() => void remove(downloads.map((d) => d.trainingId))}>
                {t('portal.offline.remove_all')}
              </button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
