import { describe, expect, it } from "vitest";
import { toEmbedUrl } from "./video";

describe("toEmbedUrl", () => {
  it("returns null for missing, blank, invalid or non-http addresses", () => {
    expect(toEmbedUrl(undefined)).toBeNull();
    expect(toEmbedUrl("  ")).toBeNull();
    expect(toEmbedUrl("not a url")).toBeNull();
    expect(toEmbedUrl("javascript:alert(1)")).toBeNull();
  });

  it("turns YouTube and Vimeo page links into embed links", () => {
    expect(toEmbedUrl("https://www.youtube.com/watch?v=abc123&t=5")).toBe(
      "https://www.youtube.com/embed/abc123",
    );
    expect(toEmbedUrl("https://youtu.be/abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(toEmbedUrl("https://vimeo.com/76979871")).toBe(
      "https://player.vimeo.com/video/76979871",
    );
  });

  it("keeps other http(s) addresses as they are", () => {
    expect(toEmbedUrl("https://www.youtube.com/embed/xyz")).toBe(
      "https://www.youtube.com/embed/xyz",
    );
    expect(toEmbedUrl("https://cdn.example.com/intro.mp4")).toBe(
      "https://cdn.example.com/intro.mp4",
    );
  });
});
