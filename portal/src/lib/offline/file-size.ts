/** A size in bytes as people read it: KB under a megabyte, MB under a gigabyte, GB above. */
export function fileSize(bytes: number, locale: string): string {
  const format = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 ** 3) return `${format.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${format.format(bytes / 1024 ** 2)} MB`;
  return `${format.format(Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024)))} KB`;
}
