/** spec 1 §9: languages 1 and 3 show DD/MM/YYYY, the others MM-DD-YYYY; sent as YYYY-MM-DD. */
function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatDate(value: Date | string, languageId: number, timeZone = 'Etc/GMT'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const [y, m, d] = [get('year'), get('month'), get('day')];
  return languageId === 1 || languageId === 3 ? `${d}/${m}/${y}` : `${m}-${d}-${y}`;
}

export function toApiDate(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** spec 1 §2.3: "Showing {0} to {1} of {2} records" — the numbers shown for a page. */
export function pageRange(page: number, perPage: number, total: number): [number, number, number] {
  if (total === 0) return [0, 0, 0];
  const from = (page - 1) * perPage + 1;
  return [from, Math.min(page * perPage, total), total];
}
