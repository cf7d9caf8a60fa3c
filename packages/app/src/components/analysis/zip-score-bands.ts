/**
 * The ZIP layer's graduated markers: four bands of the opportunity score, each a size
 * and a colour (dark enough against the map's light ground), shared by the map and its legend.
 */
export interface ZipScoreBand {
  min: number;
  label: string;
  color: string;
  /** Marker diameter in pixels. */
  size: number;
}

/** Best first. */
export const ZIP_SCORE_BANDS: readonly ZipScoreBand[] = [
  { min: 80, label: "Score 80–100", color: "#15803d", size: 20 },
  { min: 60, label: "Score 60–79", color: "#65a30d", size: 16 },
  { min: 40, label: "Score 40–59", color: "#d97706", size: 12 },
  { min: 0, label: "Score 0–39", color: "#94a3b8", size: 9 },
];

export function zipScoreBand(score: number): ZipScoreBand {
  return (ZIP_SCORE_BANDS.find((b) => score >= b.min) ??
    ZIP_SCORE_BANDS[ZIP_SCORE_BANDS.length - 1]) as ZipScoreBand;
}
