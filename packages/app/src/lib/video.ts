/**
 * Turns a configured video address into something an <iframe> can show.
 * Only http(s) addresses are accepted; YouTube and Vimeo page links become their embed links.
 */
export function toEmbedUrl(raw: string | undefined | null): string | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;

  const host = url.hostname.replace(/^www\./, "").replace(/^m\./, "");
  if (host === "youtube.com" && url.pathname === "/watch") {
    const id = url.searchParams.get("v");
    if (id) return `https://www.youtube.com/embed/${encodeURIComponent(id)}`;
  }
  if (host === "youtu.be") {
    const id = url.pathname.slice(1).split("/")[0];
    if (id) return `https://www.youtube.com/embed/${encodeURIComponent(id)}`;
  }
  if (host === "vimeo.com") {
    const id = url.pathname.split("/").find((part) => /^\d+$/.test(part));
    if (id) return `https://player.vimeo.com/video/${id}`;
  }
  return url.toString();
}
