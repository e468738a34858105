import { Fragment } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { GamePlayOf } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { BoardProps } from './board.ts';
import { BlankCheck } from './fill-in-the-blanks.tsx';

/** Pixels a pointer must travel before a press becomes a drag (below it, it is a tap). */
const DRAG_THRESHOLD = 8;

/**
 * spec 3 §1 "drag the words": put the sentence's words into its blanks. Three ways, one state:
 * drag a word onto a blank (mouse or touch, pointer events); tap a word, then a blank; or the
 * same with the keyboard (Tab, Enter). A filled blank tapped gives its word back to the bank.
 */
export function DragTheWords({ play, step, results, busy, onAnswer }: BoardProps<GamePlayOf<'drag_the_words'>>) {
  const { t } = useI18n();
  const sentence = play.sentences[step];
  const parts = sentence?.parts ?? [''];
  const bank = sentence?.bank ?? [];
  const blanks = parts.length - 1;
  /** placed[i]: the index in `bank` of the word in blank i */
  const [placed, setPlaced] = useState<Array<number | null>>(() => Array<number | null>(blanks).fill(null));
  const [selected, setSelected] = useState<number | null>(null);
  const result = results.get(step);
  const solution = result && 'words' in result.solution ? result.solution.words : null;
  const locked = busy || Boolean(result);
  const ready = placed.every((p) => p !== null);

  const put = (word: number, blank: number) => {
    setPlaced((before) => before.map((p, i) => (i === blank ? word : p === word ? null : p)));
    setSelected(null);
  };
  const tapBlank = (blank: number) => {
    if (locked) return;
    if (selected !== null) put(selected, blank);
    else if (placed[blank] !== null) setPlaced((before) => before.map((p, i) => (i === blank ? null : p)));
  };

  const drag = usePointerDrag((word, target) => {
    const blank = target?.closest<HTMLElement>('[data-blank]')?.dataset.blank;
    if (blank !== undefined && !locked) put(word, Number(blank));
  });

  const free = bank.map((_, i) => i).filter((i) => !placed.includes(i));
  return (
    <form class="game-drag" noValidate onSubmit={(event) => {
      event.preventDefault();
      if (ready && !result) onAnswer(step, { words: placed.map((p) => bank[p!]!) });
    }}>
      <p class="game-sentence">
        {parts.map((part, i) => (
          <Fragment key={i}>
            {part}
            {i < blanks && (
              <span class="game-blank-slot">
                <button type="button" data-blank={i} class={`game-blank${placed[i] === null ? ' is-empty' : ''}${selected !== null && !locked ? ' is-target' : ''}`}
                  aria-disabled={locked} onClick={() => tapBlank(i)}
                  aria-label={placed[i] === null
                    ? t('portal.games.blank_empty', { n: i + 1, total: blanks })
                    : t('portal.games.blank_filled', { n: i + 1, total: blanks, word: bank[placed[i]!]! })}>
                  {placed[i] === null ? '\u00a0' : bank[placed[i]!]}
                </button>
                {solution && <BlankCheck given={placed[i] === null ? '' : bank[placed[i]!]!} expected={solution[i] ?? ''} />}
              </span>
            )}
          </Fragment>
        ))}
      </p>
      {!result && (
        <>
          <div class="game-bank" role="group" aria-label={t('portal.games.word_bank')}>
            {free.map((i) => (
              <button key={i} type="button" class={`game-word${selected === i ? ' is-selected' : ''}`} aria-pressed={selected === i}
                disabled={locked} onPointerDown={(event) => drag.start(event, i)} onClick={(event) => {
                  if (drag.consumeClick()) { event.preventDefault(); return; }
                  setSelected(selected === i ? null : i);
                }}>
                {bank[i]}
              </button>
            ))}
            {free.length === 0 && <span class="help-text">{t('portal.games.bank_empty')}</span>}
          </div>
          <p class="help-text" aria-live="polite">{selected !== null ? t('portal.games.word_selected', { word: bank[selected]! }) : ''}</p>
          <div class="actions"><button type="submit" disabled={busy || !ready}>{t('portal.games.check')}</button></div>
        </>
      )}
    </form>
  );
}

/**
 * Dragging with pointer events (mouse, pen and touch alike): the pressed element follows the
 * pointer once it moved past the threshold; on release `onDrop` gets the element under the
 * pointer. The click that follows a drag is swallowed so it does not also select the word.
 */
function usePointerDrag(onDrop: (item: number, target: Element | null) => void) {
  const state = useRef<{ item: number; x: number; y: number; el: HTMLElement; moved: boolean } | null>(null);
  const swallowClick = useRef(false);
  const drop = useRef(onDrop);
  drop.current = onDrop;

  const start = (event: PointerEvent, item: number) => {
    if (event.button !== 0 || !(event.currentTarget instanceof HTMLElement)) return;
    const el = event.currentTarget;
    state.current = { item, x: event.clientX, y: event.clientY, el, moved: false };
    swallowClick.current = false;
    const move = (e: PointerEvent) => {
      const s = state.current;
      if (!s) return;
      const dx = e.clientX - s.x;
      const dy = e.clientY - s.y;
      if (!s.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (!s.moved) {
        s.moved = true;
        s.el.classList.add('is-dragging');
        s.el.setPointerCapture?.(e.pointerId);
      }
      s.el.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const end = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      const s = state.current;
      state.current = null;
      if (!s?.moved) return;
      s.el.style.transform = '';
      s.el.classList.remove('is-dragging');
      // a click follows the release on the same element, if any; forget it past this turn
      swallowClick.current = true;
      setTimeout(() => { swallowClick.current = false; }, 0);
      if (e.type === 'pointerup') {
        // the dragged word sits under the pointer: look beneath it
        s.el.style.visibility = 'hidden';
        const target = document.elementFromPoint(e.clientX, e.clientY);
        s.el.style.visibility = '';
        drop.current(s.item, target);
      }
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
  };

  const consumeClick = (): boolean => {
    const swallow = swallowClick.current;
    swallowClick.current = false;
    return swallow;
  };
  return { start, consumeClick };
}
