/**
 * Place data behind one interface. Every provider returns the same `PlaceDataset` (SDK type):
 * places with coordinates and figures, the provenance of each figure, and the density of
 * residents outside the listed places.
 */
import type { PlaceDataset } from "@bis/sdk";

export type PlaceProviderId = PlaceDataset["provider"];

export interface PlaceProvider {
  readonly id: PlaceProviderId;
  /**
   * The places of these states (two-letter codes). A provider may return more (the embedded
   * one returns the whole country); it must return at least these states' places.
   */
  load(states: readonly string[]): Promise<PlaceDataset>;
}
