/**
 * Each populated ZIP area's housing stock and county income (for the ZIP list), summed over the census
 * tracts whose population centre's nearest populated ZCTA (internal point) it is — the same
 * nearest-ZCTA rule the derive script uses to give tracts their housing units. Every tract counts
 * once, so the ZIPs' sums add up to the tracts'. Built once per process (0.58 s CPU for the
 * 84,414 tracts) and read per request.
 */
import { type AreaUnit, PointIndex, type ZipArea, type ZipStock } from "@bis/sdk";

/** The populated ZIP area nearest a point (searching outwards to 200 miles), or undefined. */
function nearestZip(index: PointIndex<ZipArea>, lat: number, lon: number): ZipArea | undefined {
  for (let radius = 2; radius <= 256; radius *= 2) {
    const { ids, chords } = index.chordsWithin(lat, lon, radius);
    let best = -1;
    let bestChord = Number.POSITIVE_INFINITY;
    ids.forEach((id, k) => {
      const chord = chords[k] as number;
      const zip = index.items[id] as ZipArea;
      if (
        chord < bestChord ||
        (chord === bestChord && zip.zip < (index.items[best] as ZipArea).zip)
      ) {
        best = id;
        bestChord = chord;
      }
    });
    if (best >= 0) return index.items[best];
  }
  return undefined;
}

export function zipStocks(
  tracts: readonly AreaUnit[],
  zips: readonly ZipArea[],
): Map<string, ZipStock> {
  const index = new PointIndex(
    zips.filter((z) => z.population > 0),
    16,
  );
  const out = new Map<string, ZipStock>();
  for (const t of tracts) {
    if (!(t.population > 0)) continue;
    const zip = nearestZip(index, t.lat, t.lon);
    if (!zip) continue;
    let s = out.get(zip.zip);
    if (!s) {
      s = {
        housingUnits: 0,
        households: 0,
        builtBefore1980: 0,
        built1980To1999: 0,
        built2000OrLater: 0,
        incomeSum: 0,
        incomeHouseholds: 0,
      };
      out.set(zip.zip, s);
    }
    s.housingUnits += t.housingUnits ?? 0;
    s.households += t.households ?? 0;
    // Read once each: the embedded tracts compute their stocks when read.
    const { housing, local } = t;
    if (housing) {
      s.builtBefore1980 += housing.builtBefore1980;
      s.built1980To1999 += housing.built1980To1999;
      s.built2000OrLater += housing.built2000OrLater;
    }
    if (local) {
      s.incomeSum += local.incomeSum;
      s.incomeHouseholds += local.incomeHouseholds;
    }
  }
  return out;
}
