import { describe, expect, it } from "vitest";
import {
  csvCell,
  formatCompactCurrency,
  formatCpc,
  formatCurrency,
  formatDate,
  formatDecimal,
  formatMiles,
  formatNumber,
  formatWholeDollars,
  formatWholePercent,
  NOT_AVAILABLE,
} from "./format.js";

describe("format", () => {
  it('writes missing figures as "N/A"', () => {
    for (const value of [null, undefined, Number.NaN, Number.NEGATIVE_INFINITY]) {
      for (const format of [
        formatNumber,
        formatCurrency,
        formatWholeDollars,
        formatCpc,
        formatCompactCurrency,
        formatWholePercent,
        formatMiles,
      ])
        expect(format(value)).toBe(NOT_AVAILABLE);
    }
    expect(formatDate(null)).toBe(NOT_AVAILABLE);
    expect(formatDate("not a date")).toBe(NOT_AVAILABLE);
  });

  it("writes numbers with separators and the digits asked for", () => {
    expect(formatDecimal(1234567.891)).toBe("1,234,568");
    expect(formatDecimal(2.5, 1)).toBe("2.5");
    expect(formatDecimal(3, 2, 2)).toBe("3.00");
    expect(formatNumber(0.1234, 3)).toBe("0.123");
  });

  it("writes whole numbers exactly as Intl's en-US format does, without it", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const values = [0, 0.5, 1.5, 2.5, 999.5, 1000, 999_999.49, 999_999.5, 1_234_567.891, -0, -2.5];
    for (let i = 0; i < 2000; i++) values.push(Math.random() * 10 ** ((i % 15) + 1));
    values.push(Number.MAX_SAFE_INTEGER, 1e21, -1234.5, Number.NaN, Number.POSITIVE_INFINITY);
    for (const value of values)
      expect(formatDecimal(value), String(value)).toBe(intl.format(value));
  });

  it("writes decimals exactly as Intl's en-US format does, without it", () => {
    const values = [0, 0.5, 0.05, 0.005, 1.005, 2.675, 1.45, 0.125, 9.995, 99.95, 999.95];
    values.push(999_999.995, 0.0001, 1e-7, 123_456_789.123_45, 0.1 + 0.2, 1 / 3, 2 / 3);
    for (let i = 0; i < 3000; i++) values.push(Math.random() * 10 ** ((i % 17) - 3));
    for (let i = 0; i < 500; i++) values.push(Math.round(Math.random() * 1e6) / 1000 + 0.0005);
    values.push(-0, -2.5, -1234.5678, 1e15, 1e21, Number.NaN, Number.POSITIVE_INFINITY);
    for (const [max, min] of [
      [1, 0],
      [2, 0],
      [3, 0],
      [2, 2],
      [1, 1],
      [3, 1],
    ] as const) {
      const intl = new Intl.NumberFormat("en-US", {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
      });
      for (const value of values)
        expect(formatDecimal(value, max, min), `${value} (${min}–${max})`).toBe(intl.format(value));
    }
  });

  it("writes dollars, CPC, whole dollars, compact dollars, percents and miles", () => {
    expect(formatCurrency(84.5)).toBe("$84.50");
    expect(formatCurrency(467.2)).toBe("$467");
    expect(formatCpc(4.5)).toBe("$4.50");
    expect(formatWholeDollars(1234.5)).toBe("$1,235");
    expect(formatCompactCurrency(186_200_000)).toBe("$186.2M");
    expect(formatWholePercent(0.004)).toBe("<1%");
    expect(formatMiles(1, 0)).toBe("1 mile");
    expect(formatMiles(12.34)).toBe("12.3 miles");
  });

  it("writes a date in the time zone asked for", () => {
    expect(formatDate("2025-03-04T23:30:00Z", { timeZone: "UTC" })).toBe("March 4, 2025");
    expect(formatDate(new Date("2025-03-04T23:30:00Z"), { timeZone: "Asia/Tokyo" })).toBe(
      "March 5, 2025",
    );
  });
});

describe("csvCell", () => {
  it("guards every cell a spreadsheet would run as a formula (OWASP: = + - @ tab CR)", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    // Issue 36 (low d): a leading tab or carriage return was let through.
    expect(csvCell("\t=cmd|' /C calc'!A0")).toBe("'\t=cmd|' /C calc'!A0");
    expect(csvCell("\r=1+1")).toBe(`"'\r=1+1"`);
    expect(csvCell("\r\n=1+1")).toBe(`"'\r\n=1+1"`);
  });

  it("leaves numbers, plain text and empty values alone, quoting as RFC 4180 says", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("Phoenix, AZ")).toBe('"Phoenix, AZ"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a\tb")).toBe("a\tb");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });
});
