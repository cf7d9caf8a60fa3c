/**
 * The `import` place provider: an operator's extract of official data (Census Gazetteer / ACS
 * columns), loaded with `bis-server data import <file.csv>` for offline deployments.
 *
 * The file is a CSV (or tab-separated, as the Gazetteer files are) with a header row. Header
 * matching ignores case, spaces, underscores and punctuation ("Land Area (sq mi)" =
 * "land_area_sq_mi"); unknown columns are ignored.
 *
 *   required  GEOID (or GEO_ID "1600000US4805000"), Name, State (two-letter code; or USPS),
 *             Population, Latitude (or INTPTLAT), Longitude (or INTPTLONG)
 *   optional  Housing Units, Households, Single Family Units (or 1-unit detached + 1-unit
 *             attached), Median Household Income, Land Area (sq mi; or ALAND_SQMI),
 *             Short Name (used as the place's name when present: "City of Abbeville" → "Abbeville")
 *
 * Rows of the 50 states and the District of Columbia (DC) are imported. Rows of Puerto Rico and
 * the territories (valid codes, but outside the 50 states and DC that BIS serves) are skipped and
 * counted; any other unknown state code is an error.
 * Every row is validated; errors name the line and the column. One bad row and nothing is
 * imported. A successful import REPLACES the previously imported set (one transaction).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PlaceDataset, PlaceFigure, PlaceRecord } from "@bis/sdk";
import { US_STATES } from "@bis/sdk";
import { CsvError, parse } from "csv-parse/sync";
import { count, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.js";
import { type Tables, tablesOf } from "../../db/database.js";
import { AppError } from "../../lib/errors.js";
import { displayName } from "./census-api.js";
import { footprintMiles, radiusFromArea } from "./density.js";
import type { PlaceProvider } from "./provider.js";

/** Errors listed in full; the rest are counted. */
export const MAX_LISTED_ERRORS = 20;

type Field =
  | "geoid"
  | "name"
  | "shortName"
  | "state"
  | "population"
  | "latitude"
  | "longitude"
  | "housingUnits"
  | "households"
  | "singleFamilyUnits"
  | "oneUnitDetached"
  | "oneUnitAttached"
  | "medianHouseholdIncome"
  | "landArea";

/** Accepted headers per field, normalized (lower case, letters and digits only). */
const HEADERS: Record<Field, string[]> = {
  geoid: ["geoid", "geoid2"],
  name: ["name", "placename"],
  shortName: ["shortname"],
  state: ["state", "usps", "statecode", "stateabbr", "stateabbreviation"],
  population: ["population", "pop", "totalpopulation", "b01003001e"],
  latitude: ["latitude", "lat", "intptlat"],
  longitude: ["longitude", "lon", "lng", "long", "intptlong", "intptlon"],
  housingUnits: ["housingunits", "b25001001e"],
  households: ["households", "b11001001e"],
  singleFamilyUnits: ["singlefamilyunits", "singlefamilyhomes", "singlefamily"],
  oneUnitDetached: ["1unitdetached", "b25024002e"],
  oneUnitAttached: ["1unitattached", "b25024003e"],
  medianHouseholdIncome: ["medianhouseholdincome", "b19013001e"],
  landArea: ["landarea", "landareasqmi", "alandsqmi", "landareasquaremiles"],
};

/** Display names of the required columns, for messages. */
const REQUIRED: [Field, string][] = [
  ["geoid", "GEOID"],
  ["name", "Name"],
  ["state", "State"],
  ["population", "Population"],
  ["latitude", "Latitude"],
  ["longitude", "Longitude"],
];

/** ACS annotation values (suppressed, not available, …) in optional columns count as empty. */
const ACS_SENTINELS = new Set([
  -111111111, -222222222, -333333333, -555555555, -666666666, -888888888, -999999999,
]);

const STATE_CODES = new Set(US_STATES.map((s) => s.code));
/** Real codes outside the 50 states and DC BIS serves: rows with them are skipped and counted. */
const OUTSIDE_STATES = new Set(["PR", "VI", "GU", "AS", "MP", "UM"]);
/** A state column with FIPS codes ("48", as in Census API extracts) is accepted too. */
const STATE_BY_FIPS = new Map(US_STATES.map((s) => [s.fips, s.code]));

export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export interface ImportResult {
  /** The file as given. */
  file: string;
  imported: number;
  states: number;
  /** How many previously imported places this import replaced. */
  replaced: number;
  /** Rows skipped because they are outside the 50 states and DC (Puerto Rico, territories). */
  skipped: number;
}

function fail(file: string, lines: string[], total = lines.length): never {
  const listed = lines.slice(0, MAX_LISTED_ERRORS);
  const more = total - listed.length;
  const head =
    total === 1
      ? `${file}: nothing was imported:`
      : `${file}: ${total} errors, nothing was imported:`;
  throw new AppError(
    "VALIDATION_FAILED",
    [
      head,
      ...listed.map((l) => `  ${l}`),
      ...(more > 0 ? [`  … and ${more} more error${more === 1 ? "" : "s"}`] : []),
    ].join("\n"),
    { details: { file, errorCount: total, errors: listed } },
  );
}

type Row = Tables["importedPlace"]["$inferInsert"];

/**
 * Validates the whole file and, when every row is good, replaces the imported places with it
 * in one transaction. Throws AppError VALIDATION_FAILED listing the bad rows (line and column)
 * otherwise, and the previous import stays as it was.
 */
export async function importPlacesCsv(db: Db, filePath: string): Promise<ImportResult> {
  const file = filePath;
  let text: string;
  try {
    text = readFileSync(filePath, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError(
      "VALIDATION_FAILED",
      code === "ENOENT"
        ? `${file}: no such file`
        : `${file}: cannot be read (${(error as Error).message})`,
    );
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === "") {
    fail(file, [
      `the file is empty: expected a header row with ${REQUIRED.map(([, n]) => n).join(", ")}`,
    ]);
  }

  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";

  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      fail(file, [`${line ? `line ${line}: ` : ""}not valid CSV (${error.message})`]);
    }
    throw error;
  }

  const [headerRecord, ...rows] = records;
  if (!headerRecord) fail(file, ["the file has no header row"]);
  const header = headerRecord.record;

  // Which column holds which field.
  const columns = new Map<Field, { index: number; title: string }>();
  header.forEach((title, index) => {
    const normalized = normalizeHeader(title);
    for (const [field, names] of Object.entries(HEADERS) as [Field, string[]][]) {
      if (names.includes(normalized) && !columns.has(field)) columns.set(field, { index, title });
    }
  });
  const missing = REQUIRED.filter(([field]) => !columns.has(field)).map(([, n]) => `"${n}"`);
  if (missing.length > 0) {
    fail(file, [
      `line ${headerRecord.info.lines}: missing required column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (found: ${header.map((h) => `"${h}"`).join(", ")})`,
    ]);
  }
  if (rows.length === 0) fail(file, ["the file has a header row but no places"]);

  const errors: string[] = [];
  const seen = new Map<string, number>();
  const importedAt = new Date();
  const sourceFile = path.basename(filePath);
  const valid: Row[] = [];
  let skipped = 0;

  for (const { record, info } of rows) {
    // `info.lines` is the line a record ends on; a quoted cell may span lines.
    const line = info.lines - record.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
    const rowErrors: string[] = [];
    if (record.length !== header.length) {
      errors.push(
        `line ${line}: has ${record.length} field${record.length === 1 ? "" : "s"}, the header has ${header.length}`,
      );
      continue;
    }
    const cell = (field: Field) => {
      const column = columns.get(field);
      return column ? (record[column.index] ?? "").trim() : undefined;
    };
    const bad = (field: Field, message: string) => {
      const title = columns.get(field)?.title ?? field;
      rowErrors.push(`line ${line}, column "${title}": ${message}`);
    };

    const required = (field: Field): string | null => {
      const value = cell(field);
      if (!value) {
        bad(field, "is empty");
        return null;
      }
      return value;
    };

    /** Whole number ≥ 0 ("12,345" and "12345.0" accepted); empty or an ACS sentinel → null. */
    const whole = (field: Field, isRequired: boolean): number | null => {
      const raw = isRequired ? required(field) : (cell(field) ?? "");
      if (raw === null || raw === "") return null;
      const plain = /^\d{1,3}(,\d{3})+$/.test(raw) ? raw.replace(/,/g, "") : raw;
      if (!/^-?\d+(\.0+)?$/.test(plain)) {
        bad(field, `"${raw}" is not a whole number`);
        return null;
      }
      const value = Number(plain);
      if (value < 0) {
        if (!isRequired && ACS_SENTINELS.has(value)) return null;
        bad(field, `"${raw}" must not be negative`);
        return null;
      }
      if (!Number.isSafeInteger(value)) {
        bad(field, `"${raw}" is too large`);
        return null;
      }
      return value;
    };

    const decimal = (field: Field, min: number, max: number, isRequired: boolean) => {
      const raw = isRequired ? required(field) : (cell(field) ?? "");
      if (raw === null || raw === "") return null;
      if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw)) {
        bad(field, `"${raw}" is not a number`);
        return null;
      }
      const value = Number(raw);
      if (value < min || value > max) {
        bad(field, `${raw} is out of range (${min} to ${max})`);
        return null;
      }
      return value;
    };

    let geoid = required("geoid");
    // GEO_ID as in data.census.gov downloads: "1600000US4805000".
    if (geoid && /^\d+US\d+$/i.test(geoid)) geoid = geoid.replace(/^\d+US/i, "");
    if (geoid) {
      const first = seen.get(geoid);
      if (first !== undefined) bad("geoid", `"${geoid}" already appears on line ${first}`);
      else seen.set(geoid, line);
    }
    const fullName = required("name");
    // Gazetteer names carry the legal description ("Austin city"): people search for "Austin".
    const name = cell("shortName") || (fullName ? displayName(fullName) : fullName);
    const stateRaw = required("state");
    const state = stateRaw
      ? (STATE_BY_FIPS.get(stateRaw.padStart(2, "0")) ?? stateRaw.toUpperCase())
      : null;
    const outside = state !== null && OUTSIDE_STATES.has(state);
    if (state && !outside && !STATE_CODES.has(state)) {
      bad("state", `"${stateRaw}" is not a U.S. state code (two letters, e.g. TX)`);
    }
    const population = whole("population", true);
    const lat = decimal("latitude", -90, 90, true);
    const lon = decimal("longitude", -180, 180, true);
    const housingUnits = whole("housingUnits", false);
    const households = whole("households", false);
    let singleFamilyUnits = whole("singleFamilyUnits", false);
    if (!columns.has("singleFamilyUnits")) {
      const detached = whole("oneUnitDetached", false);
      const attached = whole("oneUnitAttached", false);
      singleFamilyUnits = detached === null || attached === null ? null : detached + attached;
    }
    const medianHouseholdIncome = whole("medianHouseholdIncome", false);
    const landAreaSqMi = decimal("landArea", 0, 1_000_000, false);

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    if (outside) {
      skipped++;
      continue;
    }
    valid.push({
      geoid: geoid as string,
      name: name as string,
      state: state as string,
      population: population as number,
      housingUnits,
      households,
      singleFamilyUnits,
      medianHouseholdIncome,
      landAreaSqMi,
      lat: lat as number,
      lon: lon as number,
      sourceFile,
      importedAt,
    });
  }

  if (errors.length > 0) fail(file, errors);
  if (valid.length === 0) {
    fail(file, [`none of the ${skipped} places is in one of the 50 states or DC`]);
  }

  const { importedPlace } = tablesOf(db);
  const replaced = await db.transaction(async (tx) => {
    const [before] = await tx.select({ n: count() }).from(importedPlace);
    await tx.delete(importedPlace);
    // 13 columns per row: under SQLite's 32,766 and PostgreSQL's 65,535 parameters a statement.
    for (let i = 0; i < valid.length; i += 1000) {
      await tx.insert(importedPlace).values(valid.slice(i, i + 1000));
    }
    return before?.n ?? 0;
  });

  return {
    file,
    imported: valid.length,
    states: new Set(valid.map((r) => r.state)).size,
    replaced,
    skipped,
  };
}

/* ---------------------------------------------------------------- provider */

const FIGURE_COLUMN: Record<PlaceFigure, string> = {
  population: "Population column",
  households: "Households column (none where the file has no value)",
  housingUnits: "Housing Units column (none where the file has no value)",
  singleFamilyUnits:
    "Single Family Units column, or 1-unit detached + 1-unit attached (none where the file has no value)",
};

export function createImportProvider({ db }: { db: Db }): PlaceProvider {
  const { importedPlace } = tablesOf(db);
  return {
    id: "import",
    async load(requested) {
      const [first] = await db
        .select({ sourceFile: importedPlace.sourceFile, importedAt: importedPlace.importedAt })
        .from(importedPlace)
        .limit(1);
      if (!first) {
        throw new AppError(
          "UNAVAILABLE",
          "No places have been imported. Run: bis-server data import <file.csv>",
        );
      }
      const states = [...new Set(requested.map((s) => s.trim().toUpperCase()))];
      const rows =
        states.length === 0
          ? []
          : await db.select().from(importedPlace).where(inArray(importedPlace.state, states));

      const places: PlaceRecord[] = rows.map((row) => ({
        id: row.geoid,
        name: row.name,
        state: row.state,
        lat: row.lat,
        lon: row.lon,
        population: row.population,
        households: row.households,
        housingUnits: row.housingUnits,
        singleFamilyUnits: row.singleFamilyUnits,
        medianHouseholdIncome: row.medianHouseholdIncome,
        footprintMiles:
          row.landAreaSqMi !== null && row.landAreaSqMi > 0
            ? radiusFromArea(row.landAreaSqMi)
            : footprintMiles(row.population),
      }));

      const importedOn = first.importedAt.toISOString().slice(0, 10);
      const source = `Operator import: ${first.sourceFile}`;
      const vintage = `as supplied by the operator (imported ${importedOn})`;
      const footprint =
        "Footprint: a disc of the place's land area where the file gives one, else sized from population (density fit).";
      const provenance = Object.fromEntries(
        (Object.keys(FIGURE_COLUMN) as PlaceFigure[]).map((figure) => [
          figure,
          {
            source,
            vintage,
            grade: "measured" as const,
            method: `${FIGURE_COLUMN[figure]} of ${first.sourceFile}, imported with bis-server data import. ${footprint}`,
          },
        ]),
      ) as PlaceDataset["provenance"];

      return {
        provider: "import",
        label: `Operator import: ${first.sourceFile} (${places.length.toLocaleString("en-US")} places in ${states.join(", ")}, imported ${importedOn})`,
        vintage,
        provenance,
        // The file lists places only: residents outside them are not known, so no background.
        background: {},
        backgroundMethod: null,
        places,
      };
    },
  };
}
