/** The move a drop asks for: the dragged key's index and the index of the row it was dropped on; null when nothing moves. */
export function dropMove<K>(keys: readonly K[], active: K, over: K | null | undefined): { from: number; to: number } | null {
  if (over === null || over === undefined || over === active) return null;
  const from = keys.indexOf(active);
  const to = keys.indexOf(over);
  return from < 0 || to < 0 ? null : { from, to };
}

