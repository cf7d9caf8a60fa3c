import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { type User, userSchema } from "./entities.js";
import {
  ContractError,
  publicSettingsSchema,
  type SessionUser,
  sessionResponseSchema,
} from "./public-settings.js";

// The zod schema these settings had before their check was written without zod: the check must
// accept, reject and return exactly what it did.
const former = z.object({
  landingPageVideoUrl: z.string().optional(),
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).optional(),
});

const tiles = { url: "https://tiles.example/{z}/{x}/{y}.png", attribution: "© Example" };

const answers: unknown[] = [
  {},
  { landingPageVideoUrl: "https://youtu.be/abc" },
  { landingPageVideoUrl: "" },
  { mapTiles: tiles },
  { landingPageVideoUrl: "https://vimeo.com/1", mapTiles: tiles, extra: 1 },
  { mapTiles: { ...tiles, subdomains: "abc" } },
  { landingPageVideoUrl: null },
  { landingPageVideoUrl: 7 },
  { mapTiles: null },
  { mapTiles: { url: "https://t/{z}/{x}/{y}" } },
  { mapTiles: [] },
  [],
  null,
  "settings",
];

describe("publicSettingsSchema", () => {
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    "reads %s as zod did",
    (_, answer) => {
      const expected = former.safeParse(answer);
      if (expected.success) expect(publicSettingsSchema.parse(answer)).toEqual(expected.data);
      else expect(() => publicSettingsSchema.parse(answer)).toThrow(ContractError);
    },
  );

  it("reads which paid items are offered, and refuses an unknown item or a missing flag", () => {
    const premiumOffer = [
      { id: "keywordResearch", deliverable: true },
      { id: "competitionAnalysis", deliverable: false },
    ];
    expect(publicSettingsSchema.parse({ premiumOffer })).toEqual({ premiumOffer });
    expect(() => publicSettingsSchema.parse({ premiumOffer: {} })).toThrow(
      "Invalid answer: premiumOffer must be an array",
    );
    expect(() =>
      publicSettingsSchema.parse({ premiumOffer: [{ id: "plumbing", deliverable: true }] }),
    ).toThrow("Invalid answer: premiumOffer[0].id must be a paid item's id");
    expect(() =>
      publicSettingsSchema.parse({ premiumOffer: [{ id: "pdfReport", deliverable: "yes" }] }),
    ).toThrow("Invalid answer: premiumOffer[0].deliverable must be a boolean");
  });

  it("names the field that breaks the contract", () => {
    expect(() => publicSettingsSchema.parse({ mapTiles: { url: "x", attribution: 1 } })).toThrow(
      "Invalid answer: mapTiles.attribution must be a string",
    );
  });
});

describe("keyword counts in the public settings", () => {
  it("reads the keyword model's counts, and refuses a count that is not a whole number", () => {
    const keywordCounts = { areaKeywords: 110, keywordsPerCity: 126, maxCities: 15 };
    expect(publicSettingsSchema.parse({ keywordCounts })).toEqual({ keywordCounts });
    expect(() =>
      publicSettingsSchema.parse({ keywordCounts: { ...keywordCounts, maxCities: 1.5 } }),
    ).toThrow("Invalid answer: keywordCounts.maxCities must be a whole number of 0 or more");
  });
});

describe("sessionResponseSchema", () => {
  it("has the user type of userSchema", () => {
    expectTypeOf<SessionUser>().toEqualTypeOf<User>();
  });

  const dana = {
    id: "u1",
    email: "dana@example.com",
    firstName: "Dana",
    lastName: null,
    isAdmin: false,
    profileImageUrl: null,
    createdAt: "2025-01-01T00:00:00.000Z",
  };
  const former = z.object({ user: userSchema.nullable() });
  const answers: unknown[] = [
    { user: null },
    { user: dana },
    { user: { ...dana, extra: 1 } },
    { user: { ...dana, isAdmin: "no" } },
    { user: { ...dana, firstName: 7 } },
    { user: { ...dana, email: undefined } },
    {},
    null,
  ];
  it.each(answers.map((answer) => [JSON.stringify(answer), answer]))(
    "reads %s as zod would",
    (_, answer) => {
      const expected = former.safeParse(answer);
      if (expected.success) expect(sessionResponseSchema.parse(answer)).toEqual(expected.data);
      else expect(() => sessionResponseSchema.parse(answer)).toThrow(ContractError);
    },
  );
});
