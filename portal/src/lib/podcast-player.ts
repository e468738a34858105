/**
 * The podcast player's state (spec 3 §3 "Player state: audios, status, show_modal,
 * progress_audio, playlist, type_list, is_offline"; §4 "status starts 'stopped' and becomes
 * 'playing' whenever a non-empty audio list is loaded; otherwise it can be set explicitly").
 * A plain reducer, so the rules are tested without an <audio> element.
 */
export type PlayerStatus = 'stopped' | 'playing';

export interface PlayerAudio {
  id: number;
  title: string;
  /** seconds */
  duration: number;
}

export interface PlayerState<A extends PlayerAudio = PlayerAudio> {
  audios: A[];
  /** the audio playing (or ready), an index of `audios` */
  index: number;
  status: PlayerStatus;
  /** 'playlist' when a playlist was loaded, 'single' for one podcast */
  type_list: 'playlist' | 'single';
  playlist: { id: number; title: string } | null;
  /** seconds into the current audio */
  progress_audio: number;
  /** the browser says it is offline: reports wait for the connection */
  is_offline: boolean;
}

export type PlayerAction<A extends PlayerAudio = PlayerAudio> =
  | { type: 'load'; audios: A[]; index?: number; playlist?: { id: number; title: string } | null }
  | { type: 'status'; status: PlayerStatus }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'select'; index: number }
  | { type: 'ended' }
  | { type: 'progress'; seconds: number }
  | { type: 'online'; online: boolean };

export function initialPlayerState<A extends PlayerAudio>(online = true): PlayerState<A> {
  return { audios: [], index: 0, status: 'stopped', type_list: 'single', playlist: null, progress_audio: 0, is_offline: !online };
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(index, Math.max(0, length - 1)));

export function playerReducer<A extends PlayerAudio>(state: PlayerState<A>, action: PlayerAction<A>): PlayerState<A> {
  switch (action.type) {
    case 'load': {
      const audios = action.audios;
      return {
        ...state,
        audios,
        index: clamp(action.index ?? 0, audios.length),
        // §4: a non-empty list starts playing; an empty one leaves the player stopped
        status: audios.length > 0 ? 'playing' : 'stopped',
        type_list: action.playlist ? 'playlist' : 'single',
        playlist: action.playlist ?? null,
        progress_audio: 0,
      };
    }
    case 'status':
      return { ...state, status: state.audios.length === 0 ? 'stopped' : action.status };
    case 'select':
      if (action.index < 0 || action.index >= state.audios.length) return state;
      return { ...state, index: action.index, status: 'playing', progress_audio: 0 };
    case 'next':
      if (state.index + 1 >= state.audios.length) return state;
      return { ...state, index: state.index + 1, status: 'playing', progress_audio: 0 };
    case 'previous':
      if (state.index === 0) return state;
      return { ...state, index: state.index - 1, status: 'playing', progress_audio: 0 };
    case 'ended':
      // a playlist goes on to the next audio; after the last one (or a single audio) it stops
      return state.index + 1 < state.audios.length
        ? { ...state, index: state.index + 1, status: 'playing', progress_audio: 0 }
        : { ...state, status: 'stopped' };
    case 'progress':
      return { ...state, progress_audio: action.seconds };
    case 'online':
      return { ...state, is_offline: !action.online };
    default:
      return state;
  }
}

export const currentAudio = <A extends PlayerAudio>(state: PlayerState<A>): A | null => state.audios[state.index] ?? null;
export const hasNext = (state: PlayerState): boolean => state.index + 1 < state.audios.length;
export const hasPrevious = (state: PlayerState): boolean => state.index > 0;

/** The player's address of a podcast, inside a playlist when there is one. */
export const podcastHref = (id: number, playlistId?: number | null) => `/podcasts/${id}${playlistId ? `?playlist=${playlistId}` : ''}`;
