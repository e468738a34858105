import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, Notification } from 'react-admin';
import {
  GAME_PATHS, GAME_PREVIEW_MESSAGES, GAME_PREVIEW_PATH, GAME_TYPE_SLUGS, type GameContent, type GameInput, type GamePreviewPlay,
} from '@lp/shared/contract';
import { gameFingerprint } from '@lp/shared/rules';
import { toHttpError } from '../../../dataProvider.ts';
import { i18n } from '../../../test/fixtures.ts';
import { screenFakes } from '../../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../../common/http/index.ts';
import { TrainingGamesTab } from '../TrainingGamesTab.tsx';
import { SAMPLE_CONTENT, adminGame } from './gameFixtures.ts';

const ID = 7;
const COLLECTION = GAME_PATHS.collection(ID);
const PREVIEW_FIRST = 'Você precisa pré-visualizar o jogo primeiro';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

type Serve = (path: string, method: string, body?: unknown) => Promise<unknown>;

function renderAt(path: string, serve: Serve, canManage = true) {
  const serveJson = vi.fn(async (p: string, method: string, body?: unknown) => {
    if (p === `${COLLECTION}?page_size=0`) return { count: 0, results: [] };
    return serve(p, method, body);
  });
  const { dataProvider, http } = screenFakes({ serveJson });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ContractHttpProvider value={http}>
          <Routes>
            <Route path="/trainings/:id/*" element={<><TrainingGamesTab trainingId={ID} canManage={canManage} /><Where /></>} />
          </Routes>
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { serveJson };
}

const saves = (serveJson: ReturnType<typeof renderAt>['serveJson']) =>
  serveJson.mock.calls.filter(([, method]) => method === 'POST' || method === 'PUT');

/** The preview frame and what the editor posted to it. */
async function openPreview() {
  await userEvent.click(screen.getByRole('button', { name: /^Pré-visualizar/ }));
  const frame = await screen.findByTitle('Pré-visualização do jogo') as HTMLIFrameElement;
  expect(frame.getAttribute('src')).toBe(GAME_PREVIEW_PATH);
  const target = frame.contentWindow!;
  const posted = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
  return { frame, target, posted };
}

/** A message of the preview page, as the browser delivers it (its source and origin). */
function fromPage(data: unknown, source: Window | null, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

/** The page says ready; the editor posts `play`; the page answers `started` with the fingerprint of what it got. */
async function previewRuns(preview: Awaited<ReturnType<typeof openPreview>>): Promise<GamePreviewPlay> {
  fromPage({ type: GAME_PREVIEW_MESSAGES.ready }, preview.target);
  await waitFor(() => expect(preview.posted).toHaveBeenCalled());
  const [message, origin] = preview.posted.mock.calls.at(-1)! as [GamePreviewPlay, string];
  expect(origin).toBe(window.location.origin);
  fromPage({ type: GAME_PREVIEW_MESSAGES.started, fingerprint: gameFingerprint(message.content) }, preview.target);
  return message;
}

async function writeNewDragTheWords(sentence: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Título/ }), 'Arraste');
  await userEvent.click(screen.getByRole('combobox', { name: /Tipo de jogo/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Arraste as palavras' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Adicionar' }));
  const input = await screen.findByRole('textbox', { name: 'Frase' });
  // pasted: typing re-renders the whole form (and its live fingerprint) once a key
  await userEvent.click(input);
  await userEvent.paste(sentence);
  return input;
}

const translatedType: Record<string, string> = {
  drag_the_words: 'Arraste as palavras', fill_in_the_blanks: 'Complete as lacunas', find_the_pairs: 'Encontre os pares', find_the_words: 'Caça-palavras',
  flashcards: 'Flashcards', enigma: 'Enigma', this_or_that: 'Isso ou aquilo', true_or_false: 'Verdadeiro ou falso',
};

const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('game editor (spec 3 §2 "Game editor with a mandatory preview before saving")', () => {
  it('finds the marked words live, refuses to save before a preview, and saves what the preview played', async () => {
    const { serveJson } = renderAt(`/trainings/${ID}/games/new`, async (path, method, body) => {
      if (path === COLLECTION && method === 'POST') return { id: 40, ...(body as object) };
      throw new Error(`unexpected ${method} ${path}`);
    });
    await writeNewDragTheWords('O céu é ((azul)) e a grama é ((verde)).');
    expect(screen.getByText('Palavras marcadas:')).toBeInTheDocument();
    expect(screen.getByText('azul')).toBeInTheDocument();
    expect(screen.getByText('verde')).toBeInTheDocument();

    await save();
    expect(await screen.findByText(PREVIEW_FIRST)).toBeInTheDocument();
    expect(saves(serveJson)).toHaveLength(0);

    const preview = await openPreview();
    const play = await previewRuns(preview);
    expect(play).toMatchObject({
      type: GAME_PREVIEW_MESSAGES.play, locale: 'pt-br',
      content: { type: 'drag_the_words', error_limit: null, allow_to_skip_game: false, sentences: ['O céu é ((azul)) e a grama é ((verde)).'] },
    });
    expect(Number.isInteger(play.seed)).toBe(true);
    expect(await screen.findByText('Esta versão do jogo foi pré-visualizada e pode ser salva.')).toBeInTheDocument();

    await save();
    await waitFor(() => expect(saves(serveJson)).toHaveLength(1));
    const [path, method, body] = saves(serveJson)[0]!;
    expect([path, method]).toEqual([COLLECTION, 'POST']);
    expect(body).toEqual({
      title: 'Arraste', group_training_game_type: 1, status: 1, avaliable_in: null, score: 0,
      content: play.content, preview_of: gameFingerprint(play.content),
    } satisfies GameInput);
    expect(await screen.findByText('Jogo salvo com sucesso')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(`/trainings/${ID}/games`);
  });

  it('refuses again after the content changed since the preview, and ignores messages not from the frame', async () => {
    const { serveJson } = renderAt(`/trainings/${ID}/games/new`, async () => ({ id: 40 }));
    const input = await writeNewDragTheWords('O ((sol)) e a ((lua)).');
    const preview = await openPreview();
    const play = await previewRuns(preview);
    await userEvent.click(input);
    await userEvent.paste(' Fim.');
    expect(await screen.findByText(/O conteúdo mudou desde a última pré-visualização/)).toBeInTheDocument();

    // a `started` for the new content, but from this window or another origin: not the preview's
    const changed = { ...play.content, sentences: ['O ((sol)) e a ((lua)). Fim.'] } as GameContent;
    fromPage({ type: GAME_PREVIEW_MESSAGES.started, fingerprint: gameFingerprint(changed) }, window);
    fromPage({ type: GAME_PREVIEW_MESSAGES.started, fingerprint: gameFingerprint(changed) }, preview.target, 'http://evil.example');
    await save();
    expect(await screen.findByText(PREVIEW_FIRST)).toBeInTheDocument();
    expect(saves(serveJson)).toHaveLength(0);

    // previewing again posts the changed content
    await userEvent.click(screen.getByRole('button', { name: /Pré-visualizar de novo/ }));
    const [again] = preview.posted.mock.calls.at(-1)! as [GamePreviewPlay];
    expect(again.content).toEqual(changed);
  });

  it('shows the errors of an `invalid` preview on the fields', async () => {
    renderAt(`/trainings/${ID}/games/new`, async () => ({ id: 40 }));
    await writeNewDragTheWords('Sem marcas');
    const preview = await openPreview();
    fromPage({ type: GAME_PREVIEW_MESSAGES.ready }, preview.target);
    fromPage({ type: GAME_PREVIEW_MESSAGES.invalid, errors: { 'sentences.0': 'there_are_not_enough_special_words_to_create_the_game' } }, preview.target);
    expect(await screen.findByText('Corrija os campos marcados para pré-visualizar o jogo.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Frase' })).toHaveAccessibleDescription(/Não há palavras especiais suficientes para criar o jogo/);
  });

  it('puts the server\'s field errors on their inputs and keeps what was typed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(`/trainings/${ID}/games/new`, async (path, method) => {
      if (method === 'POST') {
        throw toHttpError(400, {
          detail: 'x', code: 'there_are_not_enough_special_words_to_create_the_game',
          fields: { 'content.sentences.0': 'there_are_not_enough_special_words_to_create_the_game', title: 'title_too_long' },
        });
      }
      throw new Error(`unexpected ${method} ${path}`);
    });
    await writeNewDragTheWords('A ((casa)) e o ((carro)).');
    await previewRuns(await openPreview());
    await save();
    expect(await screen.findByRole('textbox', { name: 'Frase' })).toHaveAccessibleDescription(/Não há palavras especiais suficientes/);
    expect(screen.getByRole('textbox', { name: /Título/ })).toHaveAccessibleDescription(/./);
    expect(screen.getByRole('textbox', { name: /Título/ })).toHaveValue('Arraste');
    expect(screen.getAllByText('Não há palavras especiais suficientes para criar o jogo').length).toBeGreaterThanOrEqual(2);
    expect(logged).toHaveBeenCalledWith('game save failed', expect.anything());
    logged.mockRestore();
  });

  it('writes a new enigma: up to 3 tips, the correct one of its alternatives; the frame follows the page\'s height', async () => {
    renderAt(`/trainings/${ID}/games/new`, async () => ({ id: 40 }));
    await userEvent.click(await screen.findByRole('textbox', { name: /Título/ }));
    await userEvent.paste('Enigma');
    await userEvent.click(screen.getByRole('combobox', { name: /Tipo de jogo/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Enigma' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar' }));
    await userEvent.click(await screen.findByRole('textbox', { name: 'Pergunta' }));
    await userEvent.paste('Tem dentes e não morde?');
    const adders = () => screen.getAllByRole('button', { name: 'Adicionar' });
    // the item's lists: tips, then alternatives, then the items' own add
    for (let i = 0; i < 3; i++) await userEvent.click(adders()[0]!);
    expect(screen.getAllByRole('textbox', { name: 'Dica' })).toHaveLength(3);
    // spec 3 §5: up to 3 tips, so no fourth
    expect(adders()).toHaveLength(2);
    for (const [i, tip] of ['No banheiro', 'No cabelo', 'De plástico'].entries()) {
      await userEvent.click(screen.getAllByRole('textbox', { name: 'Dica' })[i]!);
      await userEvent.paste(tip);
    }
    for (let i = 0; i < 3; i++) await userEvent.click(adders()[0]!);
    for (const [i, alternative] of ['Pente', 'Cão', 'Garfo'].entries()) {
      await userEvent.click(screen.getAllByRole('textbox', { name: 'Alternativa' })[i]!);
      await userEvent.paste(alternative);
    }
    await userEvent.click(screen.getByRole('radio', { name: '1. Pente' }));

    const preview = await openPreview();
    const play = await previewRuns(preview);
    expect(play.content).toEqual({
      type: 'enigma', error_limit: null, allow_to_skip_game: false,
      items: [{ question: 'Tem dentes e não morde?', tips: ['No banheiro', 'No cabelo', 'De plástico'], alternatives: ['Pente', 'Cão', 'Garfo'], correct: 0 }],
    });
    fromPage({ type: GAME_PREVIEW_MESSAGES.size, height: 512 }, preview.target);
    await waitFor(() => expect(preview.frame.style.height).toBe('512px'));
  });

  it.each(GAME_TYPE_SLUGS)('%s: the saved game fills its content form, which previews and saves the same content', async (slug) => {
    const record = adminGame(SAMPLE_CONTENT[slug]);
    const { serveJson } = renderAt(`/trainings/${ID}/games/${record.id}`, async (path, method, body) => {
      if (path === GAME_PATHS.item(ID, record.id) && method === 'GET') return record;
      if (path === GAME_PATHS.item(ID, record.id) && method === 'PUT') return { ...record, ...(body as object) };
      throw new Error(`unexpected ${method} ${path}`);
    });
    expect(await screen.findByRole('heading', { name: 'Editar jogo' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue(record.title)).toBeInTheDocument();
    // the type is fixed once created
    expect(screen.getByRole('textbox', { name: 'Tipo de jogo' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Tipo de jogo' })).toHaveValue(translatedType[slug]);

    const play = await previewRuns(await openPreview());
    expect(play.content).toEqual(record.content);
    await save();
    await waitFor(() => expect(saves(serveJson)).toHaveLength(1));
    expect(saves(serveJson)[0]).toEqual([GAME_PATHS.item(ID, record.id), 'PUT', {
      title: record.title, group_training_game_type: record.group_training_game_type, status: 1, avaliable_in: '2026-12-01', score: 15,
      content: record.content, preview_of: gameFingerprint(record.content),
    }]);
  });

  it('without trainings_manage: the game opens to view and preview, Save is disabled', async () => {
    const record = adminGame(SAMPLE_CONTENT.true_or_false);
    renderAt(`/trainings/${ID}/games/${record.id}`, async (path) => {
      if (path === GAME_PATHS.item(ID, record.id)) return record;
      throw new Error(`unexpected ${path}`);
    }, false);
    expect(await screen.findByDisplayValue(record.title)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();
    // the preview plays the game as saved
    expect((await previewRuns(await openPreview())).content).toEqual(record.content);
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/trainings/${ID}/games`);
  });

  it('a game that cannot be loaded goes back to the table with a notice', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(`/trainings/${ID}/games/99`, async () => { throw toHttpError(404, { detail: 'x', code: 'not_found' }); });
    expect(await screen.findByText('Não foi possível carregar o jogo')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^/trainings/${ID}/games$`)));
    // the table comes before its (empty) rows: wait for them
    expect(await within(await screen.findByRole('table', { name: 'Jogos' })).findByText('Nenhum jogo cadastrado')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('game load failed', expect.anything());
    logged.mockRestore();
  });
});
