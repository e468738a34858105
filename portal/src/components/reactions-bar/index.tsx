import { useEffect, useState } from 'preact/hooks';
import type { Reactions } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import { StarRating, StarsAverage } from '../star-rating/index.tsx';

/** The contract paths of one content's reactions, e.g. LEARNER_PATHS.favorite(id) … */
export interface ReactionPaths {
  favorite: string;
  like: string;
  rate: string;
}

export interface ReactionsBarProps {
  reactions: Reactions;
  paths: ReactionPaths;
  /** the content's title, so each button says what it acts on (several cards on a page) */
  title: string;
  /** told of every change the server accepted (to update cached lists) */
  onChange?(reactions: Reactions): void;
  compact?: boolean;
}

const REACTION_KEYS = ['favorite', 'liked', 'likes', 'stars_avg', 'stars_count', 'my_stars'] as const;

/** What the server answered, where it answers reactions; otherwise the local change stands. */
function merge(local: Reactions, answer: unknown): Reactions {
  if (!answer || typeof answer !== 'object') return local;
  const next = { ...local } as Record<string, unknown>;
  for (const key of REACTION_KEYS) {
    if (key in answer) next[key] = (answer as Record<string, unknown>)[key];
  }
  return next as unknown as Reactions;
}

/** spec 2 §2.1: favourite, like and rate (stars) a training or a trail. */
export function ReactionsBar({ reactions, paths, title, onChange, compact }: ReactionsBarProps) {
  const { t } = useI18n();
  const [current, setCurrent] = useState(reactions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setCurrent(reactions), [reactions]);

  async function apply(path: string, body: unknown, local: Reactions) {
    const before = current;
    setCurrent(local);
    setBusy(true);
    setError(null);
    try {
      const next = merge(local, await send<unknown>(path, 'POST', body));
      setCurrent(next);
      onChange?.(next);
    } catch (failure) {
      setCurrent(before);
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  const toggleFavorite = () => void apply(paths.favorite, { favorite: !current.favorite }, { ...current, favorite: !current.favorite });
  const toggleLike = () => {
    const liked = !current.liked;
    void apply(paths.like, { liked }, { ...current, liked, likes: Math.max(0, current.likes + (liked ? 1 : -1)) });
  };
  const rate = (stars: number) => {
    // the average is the server's to compute; until it answers only "my" stars change
    void apply(paths.rate, { stars }, { ...current, my_stars: stars });
  };

  return (
    <div class={`reactions${compact ? ' reactions-compact' : ''}`}>
      <button type="button" class="reaction" aria-pressed={current.favorite} disabled={busy} onClick={toggleFavorite}
        aria-label={t('portal.courses.reactions.favorite', { title })}>
        <span aria-hidden="true">{current.favorite ? '♥' : '♡'}</span>
        {!compact && <span aria-hidden="true"> {t('portal.courses.reactions.favorite_short')}</span>}
      </button>
      <button type="button" class="reaction" aria-pressed={current.liked} disabled={busy} onClick={toggleLike}
        aria-label={t('portal.courses.reactions.like', { title, count: current.likes })}>
        <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path fill={current.liked ? 'currentColor' : 'none'} stroke="currentColor" stroke-width="2" stroke-linejoin="round"
            d="M7 10v11H3V10h4Zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
        </svg>
        <span aria-hidden="true"> {current.likes}</span>
      </button>
      <StarsAverage average={current.stars_avg} count={current.stars_count} />
      <StarRating legend={compact ? t('portal.courses.reactions.rate', { title }) : t('portal.courses.reactions.rate_own')} hideLegend={compact}
        value={current.my_stars} onChange={rate} disabled={busy} />
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}
