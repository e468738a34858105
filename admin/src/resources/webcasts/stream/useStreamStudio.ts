import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNotify } from 'react-admin';
import type { Webcast } from '@lp/shared/contract';
import { StreamStudio, type MediaEnv, type StudioNotice, type StudioSnapshot } from '@lp/streaming';
import { useContractHttp } from '../../../common/http/index.ts';
import { useRecordCache } from '../../../common/editor/index.ts';
import { WEBCASTS } from '../useWebcast.ts';
import { streamApi } from './streamApi.ts';

export const STREAM_KEYS = 'resources.webcasts.stream';

const noSubscription = () => () => undefined;
const nothing = () => null;

/**
 * The stream studio of one webcast for the tab: created once the webcast is loaded, opened on
 * mount (devices, microphone), disposed when the tab closes. Its notices become react-admin
 * notifications (spec 2 §8 keys under resources.webcasts.stream, or the server's own text).
 */
export function useStreamStudio(webcastId: number, webcast: Webcast | undefined, env?: MediaEnv): { studio: StreamStudio | null; snapshot: StudioSnapshot | null } {
  const http = useContractHttp();
  const notify = useNotify();
  const records = useRecordCache();
  const latest = useRef({ notify, records });
  latest.current = { notify, records };
  const [studio, setStudio] = useState<StreamStudio | null>(null);
  const loaded = !!webcast;

  useEffect(() => {
    if (!loaded || !webcast) return undefined;
    const created = new StreamStudio({
      api: streamApi(http, webcastId),
      ...(env ? { env } : {}),
      webcast: { status: webcast.status, transmission_completed: webcast.transmission_completed, transmission_downloaded: webcast.transmission_downloaded },
      notify(notice: StudioNotice) {
        if ('text' in notice) {
          // the streaming server's statusDescription, shown as it came
          latest.current.notify(notice.text, { type: notice.type, messageArgs: { _: notice.text } });
          return;
        }
        latest.current.notify(`${STREAM_KEYS}.${notice.key}`, { type: notice.type, ...(notice.args ? { messageArgs: notice.args } : {}) });
        // the editor's own copy of the webcast follows what the transmission changed
        if (['transmission_ended', 'transmission_download_ok', 'live'].includes(notice.key)) {
          void latest.current.records.invalidate(WEBCASTS, webcastId);
        }
      },
      log: (message, error) => console.warn(`stream studio: ${message}`, error ?? ''),
    });
    setStudio(created);
    void created.open();
    return () => {
      created.dispose();
      setStudio(null);
    };
    // the studio lives as long as the tab shows this webcast; later reloads of the record do not restart it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [webcastId, loaded, http, env]);

  const snapshot = useSyncExternalStore(studio?.subscribe ?? noSubscription, studio?.getSnapshot ?? nothing);
  return { studio, snapshot };
}
