/** Offer `blob` as a download named `fileName`: a Blob URL on a temporary link, clicked. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: the browser reads the Blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
