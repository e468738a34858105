/**
 * spec 4 "Dates": "the unpublish date is shifted by +1 day when loaded". The stored
 * unpublish_date is the last day the training is published; the editor shows (and takes) the
 * first day it no longer is, so a save sends the shown day back one day earlier and a load and
 * save together never move the date.
 */
import { shiftApiDate } from '../dates/index.ts';

/** stored unpublish_date (YYYY-MM-DD) → the day the editor shows; null or invalid → null */
export function unpublishDateForDisplay(stored: string | null | undefined): string | null {
  return shiftApiDate(stored, 1);
}

/** the day picked in the editor → the unpublish_date sent; blank or invalid → null */
export function unpublishDateFromDisplay(shown: string | null | undefined): string | null {
  return shiftApiDate(shown, -1);
}
