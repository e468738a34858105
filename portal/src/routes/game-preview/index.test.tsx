import { act, screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GAME_PREVIEW_MESSAGES, type GameContent, type GamePlayOf } from '@lp/shared/contract';
import { gameFingerprint, playOf } from '@lp/shared/rules';
import { GAME_EXAMPLES } from '@lp/shared/testing';
import { fakeApi, renderWithApp } from '../../test/render.tsx';

const content: GameContent = { ...GAME_EXAMPLES.true_or_false, error_limit: 0 };

/** What the editor framing the page posts (jsdom's page is its own parent: window.parent === window). */
function postFrom(data: unknown, { origin = window.location.origin, source = window.parent as Window | null } = {}) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

async function open() {
  const sent = vi.spyOn(window.parent, 'postMessage');
  const { calls } = fakeApi({});
  await renderWithApp(undefined, { path: '/game-preview', locale: 'en' });
  expect(await screen.findByText('Waiting for the game to preview…')).toBeInTheDocument();
  const messages = () => sent.mock.calls.map(([message, target]) => [message, target]);
  // listening once it says so (the editor posts the content after this)
  await waitFor(() => expect(messages()).toContainEqual([{ type: GAME_PREVIEW_MESSAGES.ready }, window.location.origin]));
  return { calls, messages };
}

describe('the admin editor\'s game preview (spec 3 §2)', () => {
  it('says it is ready, plays a posted game with the shared rules and tells the end, without login or API call', async () => {
    const { calls, messages } = await open();
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 11 });
    const play = playOf(content, 11) as GamePlayOf<'true_or_false'>;
    expect(await screen.findByText(play.statements[0]!.text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'True or false' })).toBeInTheDocument();
    const fingerprint = gameFingerprint(content);
    expect(messages()).toContainEqual([{ type: GAME_PREVIEW_MESSAGES.started, fingerprint }, window.location.origin]);
    const truth = GAME_EXAMPLES.true_or_false.statements[play.statements[0]!.id]!.truth;
    await userEvent.click(screen.getByRole('button', { name: truth ? 'False' : 'True' }));
    expect(await screen.findByRole('heading', { name: 'You lost' })).toBeInTheDocument();
    expect(messages()).toContainEqual([{ type: GAME_PREVIEW_MESSAGES.finished, won: false, errors: 1, fingerprint }, window.location.origin]);
    // play again: a new play of the same content
    await userEvent.click(screen.getByRole('button', { name: 'Play again' }));
    expect(await screen.findByText('Answered 0 of 2')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('ignores messages from another origin, from a window other than its parent, and of another shape', async () => {
    const { messages } = await open();
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 11 }, { origin: 'https://evil.example' });
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 11 }, { source: null });
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content: { type: 'poker' }, seed: 11 });
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: -1 });
    // and the same message from its parent on this origin is played
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 11 });
    expect(await screen.findByRole('heading', { name: 'True or false' })).toBeInTheDocument();
    expect(messages().map(([m]) => (m as { type: string }).type).filter((type) => type === GAME_PREVIEW_MESSAGES.started || type === GAME_PREVIEW_MESSAGES.invalid)).toHaveLength(1);
  });

  it('shows why a content cannot be played, and tells the editor', async () => {
    const { messages } = await open();
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content: { ...GAME_EXAMPLES.drag_the_words, sentences: ['No marked word here'] }, seed: 1 });
    expect(await screen.findByText('This game cannot be played yet:')).toBeInTheDocument();
    expect(screen.getByText(/There are not enough special words to create the game/)).toBeInTheDocument();
    await waitFor(() => expect(messages()).toContainEqual([
      { type: GAME_PREVIEW_MESSAGES.invalid, errors: { 'sentences.0': 'there_are_not_enough_special_words_to_create_the_game' } }, window.location.origin,
    ]));
  });

  it('speaks the editor\'s language when it says which', async () => {
    await open();
    postFrom({ type: GAME_PREVIEW_MESSAGES.play, content, seed: 11, locale: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Vrai ou faux' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vrai' })).toBeInTheDocument();
  });
});
