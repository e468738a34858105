/** Which list filters a report takes, and of which kind (the report's request body, docs/api.md "Reports"). */
export interface ReportFilterKeys {
  /** ids and status numbers */
  integers?: readonly string[];
  /** words (a status word) */
  words?: readonly string[];
}

/**
 * A list's current filters as its report's body: the search box `q` as `search` (trimmed), and the
 * named filters when set; empty or malformed values are left out, as the list leaves them out.
 */
export function listReportBody(filterValues: Record<string, unknown>, keys: ReportFilterKeys = {}): Record<string, string | number> {
  const body: Record<string, string | number> = {};
  if (typeof filterValues.q === 'string' && filterValues.q.trim()) body.search = filterValues.q.trim();
  for (const key of keys.integers ?? []) {
    const raw = filterValues[key];
    const value = Number(raw);
    if (raw != null && raw !== '' && Number.isInteger(value) && value > 0) body[key] = value;
  }
  for (const key of keys.words ?? []) {
    const raw = filterValues[key];
    if (typeof raw === 'string' && raw.trim()) body[key] = raw.trim();
  }
  return body;
}
