/** The users list's filters (userFilters.tsx) as the users report body (docs/api.md). */
export function usersReportBody(filterValues: Record<string, unknown>): object {
  const body: Record<string, unknown> = {};
  if (typeof filterValues.q === 'string' && filterValues.q.trim()) body.search = filterValues.q.trim();
  if (typeof filterValues.status === 'string' && filterValues.status) body.status = filterValues.status;
  for (const key of ['profile_id', 'area_id', 'group_id', 'certificate_expires_within'] as const) {
    const id = Number(filterValues[key]);
    if (filterValues[key] != null && filterValues[key] !== '' && Number.isInteger(id) && id > 0) body[key] = id;
  }
  return body;
}
