/** Saves a downloaded file (the template needs the bearer token, so no bare link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // give the browser time to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
