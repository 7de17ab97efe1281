/**
 * The image base link of seed §3: `/storage/` on a real host, `/../public/storage/` when the host
 * name is an IP address or localhost (the server answers both).
 */
export function imageBaseLink(hostname: string = window.location.hostname): string {
  const local = hostname === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[');
  return local ? '/../public/storage/' : '/storage/';
}

export function imageUrl(path: string | null | undefined): string | null {
  return path ? `${imageBaseLink()}${path}` : null;
}
