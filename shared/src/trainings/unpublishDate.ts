/**
 * spec 4 "Dates": "the unpublish date is shifted by +1 day when loaded". The stored
 * unpublish_date is the last day the training is published; the editor shows (and takes) the
 * first day it no longer is, so a save sends the shown day back one day earlier and a load and
 * save together never move the date.
 */
function shiftDay(isoDay: string, days: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return null;
  const date = new Date(`${isoDay}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== isoDay) return null;
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** stored unpublish_date (YYYY-MM-DD) → the day the editor shows; null or invalid → null */
export function unpublishDateForDisplay(stored: string | null | undefined): string | null {
  return stored ? shiftDay(stored, 1) : null;
}

/** the day picked in the editor → the unpublish_date sent; blank or invalid → null */
export function unpublishDateFromDisplay(shown: string | null | undefined): string | null {
  return shown ? shiftDay(shown, -1) : null;
}
