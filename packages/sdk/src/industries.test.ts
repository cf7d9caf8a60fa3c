import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
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
import { KEYWORD_PROFILES } from "./models/keywords/hvac-profile.js";
import { keywordProfileFor } from "./models/keywords/model.js";
import type { KeywordProfile } from "./models/keywords/profile.js";
import { classifyKeywordIntent } from "./models/keywords/text.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The industry profile modules: the only non-test source that may name an industry's facts.
 * Each entry says what it holds.
 */
const PROFILE_MODULES: Record<string, string> = {
  "packages/sdk/src/industries.ts": "each profile's head: id, label, active (widget-safe)",
  "packages/sdk/src/models/industry-profiles.ts": "services and their sourced assumptions",
  "packages/sdk/src/models/hvac-assumptions.data.ts": "the HVAC model's sourced assumptions",
  "packages/sdk/src/models/competitor-profiles.ts": "competitor search terms and specialties",
  "packages/sdk/src/models/keywords/hvac-profile.ts":
    "the keyword taxonomy, seeds, negative terms and CPC benchmark",
};

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
  it("no source outside the profile modules names HVAC", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    for (const file of Object.keys(PROFILE_MODULES)) expect(files).toContain(file);
    const found: string[] = [];
    for (const file of files) {
      if (file in PROFILE_MODULES) continue;
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          // Naming the keyword profile's module is not a fact about the industry.
          if (/hvac/i.test(line.replaceAll("hvac-profile", ""))) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
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
