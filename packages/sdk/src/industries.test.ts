import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEYWORD_PROFILES } from "./industries/keywords.js";
import {
  ACTIVE_INDUSTRIES,
  activeIndustryLabels,
  defaultIndustry,
  INDUSTRIES,
  type IndustryId,
  industryLabel,
  industryOptions,
} from "./industries.js";
import { MESSAGES } from "./messages.js";
import { specializationOf } from "./models/competition/ranking.js";
import {
  type CompetitorProfile,
  competitorProfileFor,
  INDUSTRY_PROFILES,
  type IndustryProfile,
} from "./models/industry-profiles.js";
import { keywordProfileFor } from "./models/keywords/model.js";
import type { KeywordProfile } from "./models/keywords/profile.js";
import { classifyKeywordIntent } from "./models/keywords/text.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * Where an industry's facts live: its folder under industries/ (profile, assumptions, equipment
 * model, competitor terms, keyword taxonomy) and the registries beside them, and the heads list.
 */
const INDUSTRY_SOURCES = [
  /^packages\/sdk\/src\/industries\//,
  /^packages\/sdk\/src\/industries\.ts$/,
];

/** The industry's name and the equipment only HVAC works on. */
const INDUSTRY_WORDS = /hvac|furnace|boiler|heat ?pump/i;

/** Test data (fixtures of stored analyses, in src so the app's and the server's tests share them). */
const TEST_DATA = [/\.test\.tsx?$/, /(^|\/)(test|e2e|fixtures)\//, /\.fixture\.ts$/];

/** The source files git knows under packages/<name>/src (tracked, or new and not ignored). */
function sourceFiles(): string[] {
  const out = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "--", "packages/*/src/*"],
    { cwd: root, encoding: "utf8" },
  );
  return out
    .split("\n")
    .filter((f) => /\.(ts|tsx|js|mjs|css|html)$/.test(f))
    .filter((f) => !TEST_DATA.some((p) => p.test(f)));
}

describe("the industry profile is the only source", () => {
  it("no source outside the industry folders names HVAC or its equipment", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const industry = files.filter((f) => INDUSTRY_SOURCES.some((p) => p.test(f)));
    for (const file of [
      "packages/sdk/src/industries.ts",
      "packages/sdk/src/industries/hvac/profile.ts",
      "packages/sdk/src/industries/hvac/equipment.ts",
    ])
      expect(industry).toContain(file);
    const found: string[] = [];
    for (const file of files) {
      if (industry.includes(file)) continue;
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (INDUSTRY_WORDS.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("the guard finds each word it looks for", () => {
    for (const line of ["HVAC contractor", "a furnace", "Boiler Repair", "heatPump", "heat pumps"])
      expect(INDUSTRY_WORDS.test(line), line).toBe(true);
    expect(INDUSTRY_WORDS.test("central cooling and heating equipment")).toBe(false);
  });

  it("the industry list is the profiles' heads", () => {
    expect(INDUSTRIES.map((i) => i.id)).toEqual(Object.keys(INDUSTRY_PROFILES));
    for (const head of INDUSTRIES) {
      const { id, label, active } = INDUSTRY_PROFILES[head.id];
      expect({ id, label, active }).toEqual(head);
    }
    expect(ACTIVE_INDUSTRIES).toEqual(["HVAC"]);
    // Every active industry has its competitor terms and its keyword profile.
    for (const id of ACTIVE_INDUSTRIES) {
      expect(INDUSTRY_PROFILES[id].competitors).toBeDefined();
      expect(KEYWORD_PROFILES[id]?.industry).toBe(id);
    }
  });

  it("builds the specification's texts from the profiles, byte for byte", () => {
    expect(MESSAGES.industryComingSoon).toBe(
      "This industry is coming soon: only HVAC can be analyzed today",
    );
    expect(activeIndustryLabels()).toBe("HVAC");
    expect(industryLabel(defaultIndustry())).toBe("HVAC");
    expect(industryOptions().map((o) => o.label)).toEqual([
      "HVAC",
      "Plumbing (Coming Soon)",
      "Electrical (Coming Soon)",
      "Roofing (Coming Soon)",
    ]);
    expect(competitorProfileFor().placesQuery).toBe("HVAC contractor");
    expect(competitorProfileFor("Plumbing").yelpTerm).toBe("hvac");
  });
});

describe("a new industry is one profile", () => {
  // A made-up trade, so no real profile (plumbing) is activated.
  const id = "Pest Control" as IndustryId;
  const competitors: CompetitorProfile = {
    placesQuery: "pest control company",
    yelpTerm: "pest control",
    sampleCategories: [["Pest Control"]],
    specialties: [{ label: "Termites", pattern: /termite/ }],
    generalSpecialization: "General Pest Control",
    contractorsLabel: "pest control companies",
  };
  const hvac = INDUSTRY_PROFILES.HVAC;
  const pest: IndustryProfile = {
    id,
    label: "Pest Control",
    active: true,
    services: [],
    assumptions: [],
    competitors,
  };
  const profiles = { ...INDUSTRY_PROFILES, HVAC: { ...hvac, active: false }, [id]: pest };
  const keywords: Record<string, KeywordProfile> = {
    [id]: {
      ...(KEYWORD_PROFILES.HVAC as KeywordProfile),
      industry: id,
      tradeWords: /\b(pest|termite|exterminator)\b/,
      seeds: ["pest control", "exterminator near me"],
    },
  };

  it("its entry is what the wizard offers and starts with", () => {
    expect(industryOptions(profiles).map((o) => o.label)).toEqual([
      "HVAC (Coming Soon)",
      "Plumbing (Coming Soon)",
      "Electrical (Coming Soon)",
      "Roofing (Coming Soon)",
      "Pest Control",
    ]);
    expect(defaultIndustry(profiles)).toBe(id);
    expect(activeIndustryLabels(profiles)).toBe("Pest Control");
    expect(industryLabel(id, Object.values(profiles))).toBe("Pest Control");
  });

  it("its entry is what the competitor providers search for and how competitors are read", () => {
    expect(competitorProfileFor(id, profiles)).toBe(competitors);
    expect(competitorProfileFor(id, profiles).placesQuery).toBe("pest control company");
    expect(specializationOf("Acme Termite Co.", [], competitors)).toBe("Termites");
    expect(specializationOf("Acme", [], competitors)).toBe("General Pest Control");
  });

  it("its keyword profile is what keyword providers are seeded with", () => {
    const profile = keywordProfileFor(id, keywords);
    expect(profile.seeds).toEqual(["pest control", "exterminator near me"]);
    expect(classifyKeywordIntent("termite repair austin", profile)).toBe("repair");
    expect(classifyKeywordIntent("ac repair austin", profile)).toBeNull();
  });
});
