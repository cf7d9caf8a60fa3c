import * as sdk from "@bis/sdk";
import { describe, expect, it } from "vitest";
import * as text from "./text.js";

// text.ts copies the SDK's values (importing them would bring zod into the bundle): they must
// not drift.
describe("the widget's copy of the SDK's messages and constants", () => {
  it("matches the SDK", () => {
    for (const [key, value] of Object.entries(text.MESSAGES))
      expect(value, key).toBe(sdk.MESSAGES[key as keyof typeof sdk.MESSAGES]);
    for (const [key, value] of Object.entries(text.WIDGET_MESSAGES))
      expect(value, key).toBe(sdk.WIDGET_MESSAGES[key as keyof typeof sdk.WIDGET_MESSAGES]);
    expect(text.PRIMARY_RADIUS).toMatchObject({
      min: sdk.PRIMARY_RADIUS.min,
      max: sdk.PRIMARY_RADIUS.max,
      default: sdk.PRIMARY_RADIUS.default,
    });
    expect(text.SECONDARY_RADIUS).toMatchObject({
      min: sdk.SECONDARY_RADIUS.min,
      max: sdk.SECONDARY_RADIUS.max,
      default: sdk.SECONDARY_RADIUS.default,
    });
    expect(text.INDUSTRIES).toEqual(sdk.INDUSTRIES.map((i) => i.id));
    expect(sdk.INDUSTRIES.filter((i) => i.active).map((i) => i.id)).toEqual(["HVAC"]);
    expect(text.US_STATES).toEqual(sdk.US_STATES.map((s) => [s.code, s.name]));
    expect(text.PARTNER_KEY_HEADER).toBe(sdk.PARTNER_KEY_HEADER);
  });
});
