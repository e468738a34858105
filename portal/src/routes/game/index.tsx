import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { GAME_PATHS, LEARNER_PATHS, type GameAnswerResult, type GameState, type LearnerGame, type LearnerGamePlay } from '@lp/shared/contract';
import type { GameSession } from '@lp/shared/rules';
import { api, errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useLearnerGame } from '../../hooks/use-game.ts';
import { Message } from '../../components/message/index.tsx';
import { GamePlayer } from '../../components/games/index.tsx';

/** The session of one stored play: answers go to the server, which judges them (spec 3 §4). */
function serverSession(trainingId: number, gameId: number, stored: LearnerGamePlay): GameSession {
  return {
    play: stored.play,
    answered: stored.answers,
    answer: (step, answer) => send<GameAnswerResult>(GAME_PATHS.answers(trainingId, gameId, stored.id), 'POST', { step, answer }),
  };
}

/** /courses/:id/games/:gameId — a game of a training played as one of its activities (spec 3 §1, §4). */
export default function GamePage() {
  const { t } = useI18n();
  const params = useParams<{ id: string; gameId: string }>();
  const trainingId = Number(params.id);
  const gameId = Number(params.gameId);
  const { data: game, error } = useLearnerGame(trainingId, gameId);
  const back = `/courses/${params.id}`;

  if (error) {
    const notFound = error instanceof ApiRequestError && error.status === 404;
    return (
      <div class="game-page">
        <Message kind="error">{notFound ? t('portal.games.page.not_found') : errorText(t, errorCode(error))}</Message>
        <p><Link href={back}>{t('portal.games.page.back')}</Link></p>
      </div>
    );
  }
  if (!game) return <p class="loading">{t('portal.loading')}</p>;
  return <GameActivity key={game.id} trainingId={trainingId} game={game} back={back} />;
}

function GameActivity({ trainingId, game, back }: { trainingId: number; game: LearnerGame; back: string }) {
  const { t } = useI18n();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [session, setSession] = useState<GameSession | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // the training's progress, and this game's standing, changed on the server
  const refresh = () => Promise.all([
    mutate(LEARNER_PATHS.training(trainingId)),
    mutate(GAME_PATHS.learner(trainingId, game.id)),
  ]);

  const start = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const stored = await api.json<LearnerGamePlay>(GAME_PATHS.plays(trainingId, game.id), { method: 'POST' });
      setSession(serverSession(trainingId, game.id, stored));
      setRound((n) => n + 1);
    } catch (failed) {
      setFailure(errorText(t, errorCode(failed)));
    } finally {
      setBusy(false);
    }
  };

  const skip = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.json<GameState>(GAME_PATHS.skip(trainingId, game.id), { method: 'POST' });
      await refresh();
      navigate(back);
    } catch (failed) {
      setFailure(errorText(t, errorCode(failed)));
      setBusy(false);
    }
  };

  const finished = () => void refresh();

  const backLink = <Link href={back}>{t('portal.games.page.back')}</Link>;
  return (
    <article class="game-page" aria-labelledby="game-title">
      <p class="breadcrumb">{backLink}</p>
      <header>
        <h1 id="game-title">{game.title}</h1>
        <p class="note">
          {t(`portal.games.types.${game.type}`)}
          {game.score > 0 && ` · ${t('portal.games.page.score', { count: game.score })}`}
        </p>
      </header>
      <section class="panel">
        {session ? (
          <GamePlayer key={round} session={session} initialState={game.state} onFinished={finished}
            onPlayAgain={() => void start()} onSkip={() => void skip()} actions={backLink} />
        ) : (
          <div class="game-intro">
            <p>{t(`portal.games.instructions.${game.type}`)}</p>
            {game.state.won && <Message kind="success">{t('portal.games.page.won_before')}</Message>}
            {game.state.skipped && !game.state.won && <Message kind="info">{t('portal.games.page.skipped_before')}</Message>}
            {game.state.plays > 0 && <p class="note">{t('portal.games.page.plays', { n: game.state.plays })}</p>}
            <div class="actions">
              <button type="button" onClick={() => void start()} disabled={busy}>
                {busy ? t('portal.loading') : t(game.play ? 'portal.games.page.continue' : game.state.plays > 0 ? 'portal.games.play_again' : 'portal.games.page.start')}
              </button>
              {game.state.may_skip && (
                <>
                  <button type="button" class="button-secondary" onClick={() => void skip()} disabled={busy}>{t('portal.games.skip')}</button>
                  <p class="help-text">{t('portal.games.skip_help')}</p>
                </>
              )}
            </div>
          </div>
        )}
        {failure && <Message kind="error">{failure}</Message>}
      </section>
    </article>
  );
}
