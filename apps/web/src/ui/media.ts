/**
 * The browser URL of a member image. The server may send a key relative to the site's CDN
 * prefix or a URL it already prefixed; both end up as one URL.
 */
export function mediaSrc(cdnPrefix: string, file: string): string {
  if (/^(https?:)?\/\//.test(file) || file.startsWith('/') || file.startsWith('data:')) return file;
  return `${cdnPrefix.replace(/\/$/, '')}/${file}`;
}
