/**
 * Where the results map's permanent labels go (market-map.tsx): boxes in container pixels, so a
 * label is placed beside its dot — right, else left — where it covers no other label and no dot.
 */
import type L from "leaflet";

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const overlaps = (a: Rect, b: Rect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Label offset from its point: to the right, centred vertically (see market-map.css). */
export const LABEL_GAP_PX = 8;
export const LABEL_HEIGHT_PX = 18;

/** Half the size of the dots a label must not cover: city markers 12 px, targets 16 px. */
export const CITY_DOT_HALF_PX = 6;
export const TARGET_DOT_HALF_PX = 8;

/**
 * The label's box in container pixels, to the right of its point or (`left`) to its left;
 * measured when laid out, else estimated from its text.
 */
export function labelRect(
  map: L.Map,
  at: L.LatLng,
  element: HTMLElement,
  text: string,
  side: "right" | "left" = "right",
): Rect {
  const point = map.latLngToContainerPoint(at);
  const width = element.offsetWidth || text.length * 7 + 8;
  const height = element.offsetHeight || LABEL_HEIGHT_PX;
  const left = side === "right" ? point.x + LABEL_GAP_PX : point.x - LABEL_GAP_PX - width;
  const top = point.y - height / 2;
  return { left, top, right: left + width, bottom: top + height };
}

/** A dot's box in container pixels. */
export function dotRect(map: L.Map, at: L.LatLng, half: number): Rect {
  const { x, y } = map.latLngToContainerPoint(at);
  return { left: x - half, top: y - half, right: x + half, bottom: y + half };
}

/** Moves a label to its box (the icon's anchor is its point; Leaflet set the right-hand margin). */
export function placeLabel(map: L.Map, at: L.LatLng, element: HTMLElement, rect: Rect) {
  element.style.marginLeft = `${rect.left - map.latLngToContainerPoint(at).x}px`;
}
