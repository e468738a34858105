/** Small helpers of the banner, welcome-banner and message routes. */

export const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** An omitted field keeps `current`; '' or null clears it. */
export const keepOrClear = (value: string | null | undefined, current: string | null): string | null =>
  value === undefined ? current : blankToNull(value);

/** spec 3 §5 Banners "{host}": the platform's own host (with its port), from PUBLIC_URL. */
export function publicHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).host.toLowerCase();
  } catch {
    return '';
  }
}
