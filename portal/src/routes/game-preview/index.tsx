import { useEffect, useRef, useState } from 'preact/hooks';
import {
  GAME_PREVIEW_MESSAGES, isGamePreviewPlay, type GameAnswerResult, type GameContent, type GamePreviewEvent,
} from '@lp/shared/contract';
import { gameFingerprint, localGameSession, newGameSeed, validateGameContent, type GameSession, type LocaleCode } from '@lp/shared/rules';
import { errorText, I18nProvider, isLocale, loadMessages, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { GamePlayer } from '../../components/games/index.tsx';

/** To the editor that frames the page; only a window of this very origin receives it. */
function post(message: GamePreviewEvent): void {
  window.parent.postMessage(message, window.location.origin);
}

interface Preview {
  content: GameContent;
  fingerprint: string;
  session: GameSession;
  /** results of the plays finished in this preview, oldest first (the skip after two losses, spec 3 §4) */
  past: Array<'won' | 'lost'>;
  round: number;
  skipped: boolean;
}

/**
 * /game-preview — the admin editor's live preview (spec 3 §2; protocol in
 * shared/src/contract/gamePreview.ts). No login and no API call: the content comes from the
 * parent window and is played with the shared rules, as the learner will play it.
 */
export default function GamePreviewPage() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [invalid, setInvalid] = useState<Record<string, string> | null>(null);
  const [locale, setLocale] = useState<LocaleCode | null>(null);
  const rounds = useRef(0);
  const pageRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // only the editor framing this page, on this origin (a page framing it from elsewhere is ignored)
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (!isGamePreviewPlay(event.data)) return;
      const { content, seed } = event.data;
      const wanted = event.data.locale;
      if (isLocale(wanted)) void loadMessages(wanted).then(() => setLocale(wanted));
      let errors: Record<string, string>;
      try {
        errors = validateGameContent(content);
      } catch {
        errors = { content: 'validation_error' };
      }
      if (Object.keys(errors).length > 0) {
        setPreview(null);
        setInvalid(errors);
        post({ type: GAME_PREVIEW_MESSAGES.invalid, errors });
        return;
      }
      const fingerprint = gameFingerprint(content);
      rounds.current += 1;
      setInvalid(null);
      setPreview({ content, fingerprint, session: localGameSession(content, seed), past: [], round: rounds.current, skipped: false });
      post({ type: GAME_PREVIEW_MESSAGES.started, fingerprint });
    };
    window.addEventListener('message', onMessage);
    post({ type: GAME_PREVIEW_MESSAGES.ready });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // the editor may fit its frame to the page
  useEffect(() => {
    const page = pageRef.current;
    if (!page || typeof ResizeObserver === 'undefined') return undefined;
    let last = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(page.getBoundingClientRect().height);
      if (height !== last) post({ type: GAME_PREVIEW_MESSAGES.size, height });
      last = height;
    });
    observer.observe(page);
    return () => observer.disconnect();
  }, []);

  const finished = (result: GameAnswerResult) => {
    if (!preview) return;
    const won = result.won === true;
    setPreview((current) => current && { ...current, past: [...current.past, won ? 'won' : 'lost'] });
    post({ type: GAME_PREVIEW_MESSAGES.finished, won, errors: result.errors, fingerprint: preview.fingerprint });
  };
  const playAgain = () => {
    if (!preview) return;
    rounds.current += 1;
    setPreview({ ...preview, session: localGameSession(preview.content, newGameSeed(), preview.past), round: rounds.current, skipped: false });
  };
  const skip = () => {
    if (!preview) return;
    setPreview({ ...preview, skipped: true });
    post({ type: GAME_PREVIEW_MESSAGES.skipped, fingerprint: preview.fingerprint });
  };

  const body = (
    <PreviewBody preview={preview} invalid={invalid} onFinished={finished} onPlayAgain={playAgain} onSkip={skip} />
  );
  return (
    <main class="game-preview" id="main" ref={pageRef}>
      {locale ? <I18nProvider key={locale} initialLocale={locale}>{body}</I18nProvider> : body}
    </main>
  );
}

function PreviewBody({ preview, invalid, onFinished, onPlayAgain, onSkip }: {
  preview: Preview | null; invalid: Record<string, string> | null;
  onFinished(result: GameAnswerResult): void; onPlayAgain(): void; onSkip(): void;
}) {
  const { t } = useI18n();
  if (invalid) {
    return (
      <div role="alert">
        <p class="message message-error">{t('portal.games.preview.invalid')}</p>
        <ul class="game-preview-errors">
          {Object.entries(invalid).map(([field, code]) => <li key={field}><code>{field}</code>: {errorText(t, code)}</li>)}
        </ul>
      </div>
    );
  }
  if (!preview) return <p class="loading">{t('portal.games.preview.waiting')}</p>;
  if (preview.skipped) {
    return (
      <>
        <Message kind="info">{t('portal.games.preview.skipped')}</Message>
        <div class="actions"><button type="button" onClick={onPlayAgain}>{t('portal.games.play_again')}</button></div>
      </>
    );
  }
  return (
    <>
      <h1 class="game-preview-title">{t(`portal.games.types.${preview.content.type}`)}</h1>
      <GamePlayer key={preview.round} session={preview.session} onFinished={onFinished} onPlayAgain={onPlayAgain} onSkip={onSkip} />
    </>
  );
}
