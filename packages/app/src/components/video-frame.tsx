/**
 * The one way BIS embeds an administrator-set video (YouTube, Vimeo or another address): a
 * sandboxed iframe that allows only what the players need — their scripts, their own
 * origin (cookies, storage), presentation (full screen) and popups (the "Watch on YouTube" link)
 * — and never top navigation, forms or downloads.
 */
export const VIDEO_SANDBOX = "allow-scripts allow-same-origin allow-presentation allow-popups";

export function VideoFrame({ src, title }: { src: string; title: string }) {
  return (
    <iframe
      src={src}
      title={title}
      className="size-full border-0"
      sandbox={VIDEO_SANDBOX}
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
