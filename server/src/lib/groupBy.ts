/** Groups rows by a numeric key (typically a parent id), keeping their order within each group. */
export function groupBy<T, U>(rows: readonly T[], key: (r: T) => number, value: (r: T) => U): Map<number, U[]> {
  const map = new Map<number, U[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(value(row));
    else map.set(k, [value(row)]);
  }
  return map;
}
