/**
 * Reports under a partner's brand: the brand an administrator gives a partner
 * (display name, logo, primary colour, contact line), the users a partner has (through its
 * widget's `ref` or assigned by an administrator), and the brand a signed-in user reports under.
 */
import { z } from "zod";
import { normalizeHexColor } from "../models/brand-colors.js";

const isoDate = z.string().describe("ISO 8601 timestamp");

/** Logo limits: the server checks the bytes, the form says them. */
export const BRAND_LOGO = {
  maxBytes: 256 * 1024,
  /** Pixels, each side (PNG as uploaded; SVG as rasterised). */
  maxSide: 2000,
  minSide: 16,
  /** The longer side an SVG logo is rasterised to. */
  svgRasterSide: 800,
  types: ["image/png", "image/svg+xml"],
} as const;

export const BRAND_MESSAGES = {
  displayNameRequired: "Display name is required",
  displayNameTooLong: "Display name must be at most 80 characters",
  primaryColor: "Primary colour must be a hex colour such as #1d4ed8",
  contactLineTooLong: "Contact line must be at most 160 characters",
  remoteLogo:
    "Upload the logo file itself: BIS never fetches a logo from a URL (PNG or SVG, at most 256 KB)",
  logoRequired: "Choose a logo file (PNG or SVG)",
  logoType: "The logo must be a PNG or SVG file (checked from its content, not its name)",
  logoTooLarge: "The logo must be at most 256 KB",
  logoEmpty: "The logo file is empty",
  logoDimensions: "The logo must be between 16 and 2000 pixels on each side",
  logoBroken: "The logo file could not be read as a PNG image",
  svgUnsafe:
    "SVG logos may not contain scripts, event handlers, external references or embedded documents",
  svgBroken: "The SVG logo could not be drawn",
  svgExpensive:
    "SVG logos may not use filters (blur, shadow, morphology…), patterns or more than 50 <use> copies: flatten the logo or upload a PNG",
  svgTooComplex:
    "The SVG logo is too complex: it took more than 5 seconds to draw. Simplify it or upload a PNG",
  emailRequired: "Enter the email address of a registered user",
  userNotFound: "No user has that email address",
  brandNotFound: "This partner has no brand yet",
} as const;

const displayName = z
  .string({ error: BRAND_MESSAGES.displayNameRequired })
  .trim()
  .min(1, { error: BRAND_MESSAGES.displayNameRequired })
  .max(80, { error: BRAND_MESSAGES.displayNameTooLong });

export const brandColorSchema = z
  .string({ error: BRAND_MESSAGES.primaryColor })
  .transform((v, ctx) => {
    const hex = normalizeHexColor(v);
    if (hex) return hex;
    ctx.addIssue({ code: "custom", message: BRAND_MESSAGES.primaryColor });
    return z.NEVER;
  });

const contactLine = z
  .string({ error: BRAND_MESSAGES.contactLineTooLong })
  .trim()
  .max(160, { error: BRAND_MESSAGES.contactLineTooLong });

/**
 * PUT /api/admin/partners/{id}/brand. `logo`: the file's bytes in base64 (replaces the logo),
 * null (removes it) or absent (keeps it). A `logoUrl` is refused: logos are uploaded, never fetched.
 */
export const partnerBrandInputSchema = z.strictObject({
  displayName,
  primaryColor: brandColorSchema,
  contactLine: contactLine.nullable().optional(),
  logo: z
    .strictObject({
      dataBase64: z
        .string({ error: BRAND_MESSAGES.logoRequired })
        .min(1, { error: BRAND_MESSAGES.logoRequired }),
    })
    .nullable()
    .optional(),
  logoUrl: z.never({ error: BRAND_MESSAGES.remoteLogo }).optional(),
});
export type PartnerBrandInput = z.input<typeof partnerBrandInputSchema>;

/** A partner's brand, as administrators and the partner's users see it. */
export const partnerBrandSchema = z.object({
  partnerId: z.string(),
  displayName: z.string(),
  /** "#rrggbb". */
  primaryColor: z.string(),
  /** The text colour drawn on the primary colour: "#ffffff" or "#0f172a". */
  textColor: z.string(),
  /** WCAG contrast of the text colour on the primary colour, e.g. 5.17. */
  contrast: z.number(),
  contactLine: z.string().nullable(),
  /** Served by BIS (`/api/brands/{partnerId}/logo?v=…`); null without a logo. */
  logoUrl: z.string().nullable(),
  updatedAt: isoDate,
});
export type PartnerBrand = z.infer<typeof partnerBrandSchema>;

/** The saved brand and what BIS decided about its colours, in words. */
export const partnerBrandSavedSchema = z.object({
  brand: partnerBrandSchema,
  /** e.g. "White text on #1d4ed8 (contrast 6.70:1)". */
  contrastNote: z.string(),
});
export type PartnerBrandSaved = z.infer<typeof partnerBrandSavedSchema>;

/** GET /api/brand: the signed-in user's partner brand, or null. */
export const myBrandSchema = z.object({ brand: partnerBrandSchema.nullable() });
export type MyBrand = z.infer<typeof myBrandSchema>;

export const partnerMemberSourceSchema = z.enum(["widget", "admin"]);
export type PartnerMemberSource = z.infer<typeof partnerMemberSourceSchema>;

/**
 * "pending": registered through the partner's widget and waiting for an administrator (no brand
 * yet, since the public widget key alone must not hand out a partner's brand); "confirmed":
 * reports under the brand.
 */
export const partnerMemberStatusSchema = z.enum(["pending", "confirmed"]);
export type PartnerMemberStatus = z.infer<typeof partnerMemberStatusSchema>;

/** A user reporting under a partner's brand, or asking to. */
export const partnerMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  partnerId: z.string(),
  /** "widget": registered through the partner's widget; "admin": assigned by an administrator. */
  source: partnerMemberSourceSchema,
  status: partnerMemberStatusSchema,
  /** When the user registered (a request) or was assigned or confirmed. */
  assignedAt: isoDate,
});
export type PartnerMember = z.infer<typeof partnerMemberSchema>;

/** GET /api/admin/partners/{id}/members: `?status=` narrows the list to one status. */
export const partnerMembersQuerySchema = z.object({
  status: partnerMemberStatusSchema.optional().catch(undefined),
});

/** POST /api/admin/partners/{id}/members: assigns a user (moving them from another partner). */
export const partnerMemberAssignSchema = z.strictObject({
  email: z
    .string({ error: BRAND_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: BRAND_MESSAGES.emailRequired })
    .max(254, { error: BRAND_MESSAGES.emailRequired }),
});
export type PartnerMemberAssign = z.input<typeof partnerMemberAssignSchema>;
