/** spec 1 §2.3: "Showing {0} to {1} of {2} records" — the numbers shown for a page. */
export function pageRange(page: number, perPage: number, total: number): [number, number, number] {
  if (total === 0) return [0, 0, 0];
  const from = (page - 1) * perPage + 1;
  return [from, Math.min(page * perPage, total), total];
}
