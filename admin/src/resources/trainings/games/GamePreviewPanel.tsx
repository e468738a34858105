import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import {
  GAME_PREVIEW_MESSAGES as M, GAME_PREVIEW_PATH, type GamePreviewEvent, type GamePreviewPlay, type GameTypeSlug,
} from '@lp/shared/contract';
import { gameFingerprint, newGameSeed } from '@lp/shared/rules';
import { fieldMessage } from '../../../common/editor/index.ts';
import { contentFormPath, gameContentOf, type GameFormValues } from './gameForm.ts';
import { GAMES_KEY } from './gamePaths.ts';

const KEY = `${GAMES_KEY}.preview`;
/** the frame's height follows the page's `size` messages within these bounds */
const HEIGHT = { initial: 360, min: 240, max: 1600 } as const;

/** An incoming message's data when it has the shape of a preview event (its fields are checked where they are read). */
function previewEvent(data: unknown): GamePreviewEvent | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && (Object.values(M) as string[]).includes(type) ? data as GamePreviewEvent : null;
}

export interface GamePreviewPanelProps {
  /** the type chosen in the form; the preview needs one */
  slug: GameTypeSlug | null;
  /** the fingerprint of the content the preview last started (null before the first) */
  previewed: string | null;
  onStarted(fingerprint: string): void;
}

/**
 * spec 3 §2 "Game editor with a mandatory preview before saving": Preview frames the portal's
 * preview page (same origin, protocol in shared/src/contract/gamePreview.ts) and posts it the
 * form's current content; the page plays it with the learner's rules and answers `started` with
 * the content's fingerprint (kept for the save's `preview_of`) or `invalid` with its errors
 * (shown on the form's fields). Only messages whose source is this frame's window and whose
 * origin is this page's are read.
 */
export function GamePreviewPanel({ slug, previewed, onStarted }: GamePreviewPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useLocale();
  const { getValues, setError, clearErrors } = useFormContext<GameFormValues>();
  const values = useWatch<GameFormValues>() as GameFormValues;
  const frame = useRef<HTMLIFrameElement>(null);
  /**
   * the last `play` asked for: sent at once when the page has said `ready`, else on its `ready`
   * (which it says again after a reload of the frame, so a play sent while it loaded is not lost)
   */
  const pending = useRef<GamePreviewPlay | null>(null);
  const ready = useRef(false);
  const [open, setOpen] = useState(false);
  const [height, setHeight] = useState<number>(HEIGHT.initial);

  const current = slug ? gameFingerprint(gameContentOf(values, slug)) : null;

  // the handlers read the latest props without subscribing again
  const latest = useRef({ slug, onStarted });
  latest.current = { slug, onStarted };

  useEffect(() => {
    const send = () => {
      const target = frame.current?.contentWindow;
      if (target && pending.current) target.postMessage(pending.current, window.location.origin);
    };
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || event.source !== target || event.origin !== window.location.origin) return;
      const message = previewEvent(event.data);
      if (!message) return;
      switch (message.type) {
        case M.ready:
          ready.current = true;
          send();
          break;
        case M.started:
          if (typeof message.fingerprint === 'string') latest.current.onStarted(message.fingerprint);
          break;
        case M.invalid: {
          const { slug: type } = latest.current;
          if (!type || typeof message.errors !== 'object' || message.errors === null) break;
          for (const [path, code] of Object.entries(message.errors)) {
            if (typeof code === 'string') setError(contentFormPath(path, type) as never, { type: 'manual', message: fieldMessage(code) });
          }
          notify(`${KEY}.invalid`, { type: 'error' });
          break;
        }
        case M.size:
          if (typeof message.height === 'number' && Number.isFinite(message.height)) {
            setHeight(Math.min(HEIGHT.max, Math.max(HEIGHT.min, Math.ceil(message.height))));
          }
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [notify, setError]);

  const play = () => {
    if (!slug) return;
    // the errors of an earlier preview go; the page answers with the current ones
    clearErrors(['content', 'error_limit', 'allow_to_skip_game'] as never);
    pending.current = { type: M.play, content: gameContentOf(getValues(), slug), seed: newGameSeed(), locale };
    setOpen(true);
    const target = frame.current?.contentWindow;
    if (ready.current && target) target.postMessage(pending.current, window.location.origin);
  };

  const state = previewed === null ? 'none' : previewed === current ? 'current' : 'stale';
  return (
    <Card variant="outlined" sx={{ position: { lg: 'sticky' }, top: { lg: 72 } }}>
      {/* the title and Preview wrap onto two lines on a phone rather than squeeze the title */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, p: 2 }}>
        <Typography variant="subtitle1" component="h3">{translate(`${KEY}.title`)}</Typography>
        <Button variant="contained" color="secondary" startIcon={<PlayArrowIcon />} disabled={!slug} onClick={play}>
          {translate(`${KEY}.${open ? 'again' : 'button'}`)}
        </Button>
      </Box>
      <CardContent sx={{ pt: 0 }}>
        <Alert severity={state === 'current' ? 'success' : state === 'stale' ? 'warning' : 'info'} sx={{ mb: open ? 2 : 0 }}>
          {translate(slug ? `${KEY}.${state}` : `${KEY}.choose_type`)}
        </Alert>
        {open && (
          <Box
            component="iframe"
            ref={frame}
            src={GAME_PREVIEW_PATH}
            title={translate(`${KEY}.frame`)}
            style={{ height }}
            sx={{ display: 'block', width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
          />
        )}
      </CardContent>
    </Card>
  );
}
