/**
 * Administrator-set videos are embedded in a sandboxed iframe that lets the YouTube
 * and Vimeo players run, and nothing more.
 */
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EducationVideo } from "./analysis/premium-step";

describe("an administrator-set video", () => {
  it.each([
    ["https://www.youtube.com/watch?v=abc123", "https://www.youtube.com/embed/abc123"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://evil.example/page", "https://evil.example/page"],
  ])("is a sandboxed frame allowing only what players need (%s)", (url, src) => {
    render(<EducationVideo url={url} title="Intro" />);
    const frame = screen.getByTitle("Intro");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("src")).toBe(src);
    expect(frame.hasAttribute("sandbox")).toBe(true);
    const allowed = (frame.getAttribute("sandbox") ?? "").split(/\s+/).sort();
    expect(allowed).toEqual([
      "allow-popups",
      "allow-presentation",
      "allow-same-origin",
      "allow-scripts",
    ]);
  });
});
