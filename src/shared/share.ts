/** Share links of spec §2; the shared link is used only if it is an http(s) URL (spec §5). */

export function shareableUrl(candidate: string | null | undefined, pageUrl: string): string {
  return candidate && /^https?:\/\/[^\s]+$/i.test(candidate) ? candidate : pageUrl;
}

export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    email: `mailto:?subject=${t}&body=${u}`,
  };
}
