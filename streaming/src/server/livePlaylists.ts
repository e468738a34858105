import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PLAYLIST_HEADERS, type HlsStore } from './hlsStore.ts';
import { LivePlaylist } from './playlist.ts';
import type { Logger } from './session.ts';

/** Everything live of a webcast lives under this prefix (to withdraw whatever live URL it had). */
export const livePrefix = (webcastId: number) => `webcasts/${webcastId}/live/`;

interface Live {
  playlist: LivePlaylist;
  resource: string;
  writing: Promise<void>;
}

export interface LivePlaylistsOptions {
  mediaRoot: string;
  store?: HlsStore;
  liveWindow: number;
  segmentSeconds: number;
  log: Logger;
}

/**
 * The viewers' live playlist of each webcast (ours, across its publish sessions): at a fixed
 * address with a random key per process, as every media path holds one (nothing under /media/ is
 * guessable), written on the node's disk or put to the object store.
 */
export class LivePlaylists {
  private readonly lives = new Map<number, Live>();

  constructor(private readonly options: LivePlaylistsOptions) {}

  private live(webcastId: number): Live {
    let live = this.lives.get(webcastId);
    if (!live) {
      live = {
        playlist: new LivePlaylist(this.options.liveWindow, this.options.segmentSeconds),
        resource: `${livePrefix(webcastId)}${randomBytes(16).toString('hex')}.m3u8`,
        writing: Promise.resolve(),
      };
      this.lives.set(webcastId, live);
    }
    return live;
  }

  playlistOf(webcastId: number): LivePlaylist {
    return this.live(webcastId).playlist;
  }

  /** The media resource of the webcast's live playlist. */
  resource(webcastId: number): string {
    return this.live(webcastId).resource;
  }

  /**
   * The playlist as it is now: on the disk written to a temporary name and renamed (a viewer never
   * reads half a playlist), or put to the store. Writes of one webcast go one after the other, in
   * the order asked, so an older window never replaces a newer one.
   */
  write(webcastId: number): Promise<void> {
    const live = this.live(webcastId);
    const text = live.playlist.render();
    const write = async () => {
      try {
        if (this.options.store) {
          await this.options.store.putText(live.resource, text, PLAYLIST_HEADERS);
          return;
        }
        const file = path.join(this.options.mediaRoot, live.resource);
        const temporary = `${file}.${process.pid}.tmp`;
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(temporary, text);
        await fs.promises.rename(temporary, file);
      } catch (error) {
        this.options.log.error({ webcastId, err: error }, 'live playlist not written');
      }
    };
    live.writing = live.writing.then(write);
    return live.writing;
  }
}
