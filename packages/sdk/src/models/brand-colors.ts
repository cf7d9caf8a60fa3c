/**
 * Colours of a partner's brand: WCAG 2 contrast, the legible text colour on the
 * brand's primary colour, and the shades the report draws with. Pure functions: the admin form
 * previews with them, the server validates and the PDF report paints with them.
 */

/** Text drawn on the primary colour is one of these two. */
export const BRAND_TEXT_COLORS = { light: "#ffffff", dark: "#0f172a" } as const;
/** WCAG 2 AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#([0-9a-f]{6})$/;

/** "#1D4ED8" or "#1d4ed8" or "#14d" → "#1d4ed8"; null when not a hex colour. */
export function normalizeHexColor(value: string): string | null {
  const v = value.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  return HEX.test(v) ? v : null;
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** WCAG 2 relative luminance of a "#rrggbb" colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two "#rrggbb" colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` mixed with `b`: weight 0 is `a`, 1 is `b`. */
export function mixColors(a: string, b: string, weight: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex(ca.map((c, i) => c + ((cb[i] ?? 0) - c) * weight));
}

export interface BrandTextChoice {
  /** The text colour drawn on the primary colour: white or dark. */
  textColor: string;
  /** Its contrast with the primary colour, e.g. 5.17. */
  ratio: number;
  /** Whether it reaches WCAG AA (4.5:1). */
  legible: boolean;
  /** Contrast with white text and with dark text, for the message. */
  withLight: number;
  withDark: number;
}

/** The more legible of white and dark text on `primary`, and whether it is legible enough. */
export function legibleTextColor(primary: string): BrandTextChoice {
  const withLight = contrastRatio(primary, BRAND_TEXT_COLORS.light);
  const withDark = contrastRatio(primary, BRAND_TEXT_COLORS.dark);
  const light = withLight >= withDark;
  const ratio = light ? withLight : withDark;
  return {
    textColor: light ? BRAND_TEXT_COLORS.light : BRAND_TEXT_COLORS.dark,
    ratio,
    legible: ratio >= MIN_TEXT_CONTRAST,
    withLight,
    withDark,
  };
}

/** "4.52:1" (two decimals, never rounded up past a threshold). */
export function formatContrast(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** What the admin form and the API say about a primary colour's text. */
export function brandContrastMessage(primary: string): string {
  const choice = legibleTextColor(primary);
  if (!choice.legible)
    return `Primary colour ${primary} keeps no text legible: contrast ${formatContrast(choice.withLight)} with white text and ${formatContrast(choice.withDark)} with dark text; at least ${MIN_TEXT_CONTRAST}:1 is needed. Choose a darker or a lighter colour.`;
  const which = choice.textColor === BRAND_TEXT_COLORS.light ? "White" : "Dark";
  return `${which} text on ${primary} (contrast ${formatContrast(choice.ratio)})`;
}

/** The shades a report draws a brand with; every text colour on white reaches 4.5:1. */
export interface BrandPalette {
  /** Bands, rules, bullets: the primary colour itself. */
  brand: string;
  /** Headings and table headers: the primary colour darkened until legible on white. */
  brandDark: string;
  /** Panels behind figures. */
  brandLight: string;
  /** Panel borders. */
  brandMid: string;
  /** Text on `brand`. */
  onBrand: string;
  /** Secondary text on `brand`. */
  onBrandMuted: string;
}

export function brandPalette(primary: string): BrandPalette {
  const { textColor } = legibleTextColor(primary);
  let brandDark = primary;
  for (let w = 0.1; contrastRatio(brandDark, "#ffffff") < MIN_TEXT_CONTRAST && w <= 1; w += 0.1)
    brandDark = mixColors(primary, "#000000", w);
  // The muted line stays legible: 25 % toward the band only while it keeps 4.5:1.
  const muted = mixColors(textColor, primary, 0.25);
  return {
    brand: primary,
    brandDark,
    brandLight: mixColors(primary, "#ffffff", 0.92),
    brandMid: mixColors(primary, "#ffffff", 0.7),
    onBrand: textColor,
    onBrandMuted: contrastRatio(muted, primary) >= MIN_TEXT_CONTRAST ? muted : textColor,
  };
}
