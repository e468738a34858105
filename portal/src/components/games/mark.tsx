import { useI18n } from '../../lib/i18n.ts';

/**
 * Right or wrong as a sign and a word for screen readers, never by colour alone. `silent` where
 * words beside it already say it.
 */
export function Mark({ correct, silent = false }: { correct: boolean; silent?: boolean }) {
  const { t } = useI18n();
  return (
    <span class={`game-mark ${correct ? 'is-right' : 'is-wrong'}`} aria-hidden={silent ? 'true' : undefined}>
      <span aria-hidden="true">{correct ? '✓' : '✗'}</span>
      {!silent && <span class="visually-hidden">{`${t(correct ? "portal.games.mark_right" : "portal.games.mark_wrong")} `}</span>}
    </span>
  );
}
