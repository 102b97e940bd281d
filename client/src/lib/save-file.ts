/**
 * Saves a blob as a file the browser downloads: a temporary link to an object URL, clicked once.
 * The object URL goes once the event loop turns (the click has started the download by then).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
