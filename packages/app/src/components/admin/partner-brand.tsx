/**
 * Partner brands: an administrator gives a partner a brand — display name, logo (PNG
 * or SVG, at most 256 KB), primary colour, contact line — and sees which text colour keeps it
 * legible before saving (the server checks again, and checks the logo's bytes). Below it, the
 * users reporting under the brand: registered through the partner's widget or assigned here.
 */
import {
  BRAND_LOGO,
  BRAND_MESSAGES,
  brandContrastMessage,
  hasErrorCode,
  legibleTextColor,
  normalizeHexColor,
  type Partner,
  type PartnerBrand,
  type PartnerBrandInput,
  partnerBrandInputSchema,
} from "@bis/sdk";
import { type FormEvent, useState } from "react";
import { useAdminChange, usePartnerBrand, usePartners } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { firstMessageByField } from "../../lib/field-messages";
import { Button } from "../ui/button";
import { FormField, InputField } from "../ui/form-field";
import { Input } from "../ui/input";
import { FilterSelect, PanelSection } from "./panel-states";
import { PartnerMembers } from "./partner-members";

interface Draft {
  displayName: string;
  primaryColor: string;
  contactLine: string;
  logo: File | null;
  removeLogo: boolean;
}

type DraftErrors = Partial<Record<"displayName" | "primaryColor" | "contactLine" | "logo", string>>;

/** The file's bytes in base64, for the JSON body. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The draft as the call's body, checked with the server's schema and contrast rule. */
export function checkBrandDraft(draft: Draft): { body?: PartnerBrandInput; errors: DraftErrors } {
  const body: PartnerBrandInput = {
    displayName: draft.displayName,
    primaryColor: draft.primaryColor,
    contactLine: draft.contactLine.trim() || null,
  };
  const parsed = partnerBrandInputSchema.safeParse(body);
  const errors: DraftErrors = parsed.success
    ? {}
    : firstMessageByField<keyof DraftErrors>(parsed.error.issues);
  const hex = normalizeHexColor(draft.primaryColor);
  if (hex && !legibleTextColor(hex).legible) errors.primaryColor = brandContrastMessage(hex);
  if (draft.logo && draft.logo.size > BRAND_LOGO.maxBytes)
    errors.logo = BRAND_MESSAGES.logoTooLarge;
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}

/** The colour's preview: the display name in the text colour BIS picks, and why. */
function ColourPreview({ draft }: { draft: Draft }) {
  const hex = normalizeHexColor(draft.primaryColor);
  if (!hex) return null;
  const choice = legibleTextColor(hex);
  return (
    <div className="sm:col-span-2 space-y-1">
      <div
        className="rounded-md px-3 py-2 font-semibold"
        style={{ backgroundColor: hex, color: choice.textColor }}
      >
        {draft.displayName || "Display name"}
      </div>
      <p className={cn("text-xs", choice.legible ? "text-slate-600" : "text-red-700")}>
        {brandContrastMessage(hex)}
      </p>
    </div>
  );
}

function BrandForm({ partner, brand }: { partner: Partner; brand: PartnerBrand | null }) {
  const [draft, setDraft] = useState<Draft>({
    displayName: brand?.displayName ?? partner.name,
    primaryColor: brand?.primaryColor ?? "#1d4ed8",
    contactLine: brand?.contactLine ?? "",
    logo: null,
    removeLogo: false,
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const save = useAdminChange(
    "Failed to save brand",
    (body: PartnerBrandInput) => api.admin.savePartnerBrand(partner.id, body),
    (saved) => toast({ title: "Brand saved", description: saved.contrastNote }),
    {
      onError: (error) => {
        // A refusal of the brand itself (a field, the logo's size or type) shows at its field.
        if (
          hasErrorCode(error, "VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE")
        ) {
          const field = (error.issues[0]?.path || "logo") as keyof DraftErrors;
          setErrors({ [field]: error.serverMessage });
        }
        return false;
      },
    },
  );
  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = checkBrandDraft(draft);
    setErrors(result.errors);
    if (!result.body) return;
    const logo = draft.logo
      ? { dataBase64: await base64Of(draft.logo) }
      : draft.removeLogo
        ? null
        : undefined;
    save.mutate({ ...result.body, ...(logo === undefined ? {} : { logo }) });
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Brand of ${partner.name}`}
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <InputField
        label="Display name"
        error={errors.displayName}
        value={draft.displayName}
        onChange={(e) => set("displayName")(e.target.value)}
      />
      <FormField
        label="Primary colour"
        error={errors.primaryColor}
        hint="Hex, e.g. #1d4ed8. White or dark text must reach a 4.5:1 contrast on it."
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              type="color"
              aria-label="Pick the primary colour"
              className="h-9 w-12 rounded border border-slate-300"
              value={normalizeHexColor(draft.primaryColor) ?? "#000000"}
              onChange={(e) => set("primaryColor")(e.target.value)}
            />
            <Input
              {...control}
              value={draft.primaryColor}
              onChange={(e) => set("primaryColor")(e.target.value)}
            />
          </div>
        )}
      </FormField>
      <ColourPreview draft={draft} />
      <InputField
        label="Contact line"
        error={errors.contactLine}
        hint="Printed in the report's footer, e.g. a phone number and website."
        className="sm:col-span-2"
        value={draft.contactLine}
        onChange={(e) => set("contactLine")(e.target.value)}
      />
      <FormField
        label="Logo"
        error={errors.logo}
        hint="PNG or SVG, at most 256 KB and 2000 pixels a side. SVG is drawn as a PNG; scripts and links are refused."
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="image/png,image/svg+xml,.png,.svg"
            className="block text-sm"
            onChange={(e) => set("logo")(e.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      {brand?.logoUrl ? (
        <div className="flex items-center gap-3 sm:col-span-2">
          <img
            src={brand.logoUrl}
            alt={`Current logo of ${brand.displayName}`}
            className="h-10 w-auto rounded bg-white p-1"
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.removeLogo}
              onChange={(e) => set("removeLogo")(e.target.checked)}
            />
            Remove the logo
          </label>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save brand
        </Button>
      </div>
    </form>
  );
}

function PartnerBrandEditor({ partner }: { partner: Partner }) {
  const brand = usePartnerBrand(partner.id);
  if (brand.isPending) return <p className="text-sm text-slate-500">Loading brand...</p>;
  return (
    <div className="space-y-6">
      <BrandForm
        key={brand.data?.updatedAt ?? "new"}
        partner={partner}
        brand={brand.data ?? null}
      />
      <PartnerMembers partner={partner} />
    </div>
  );
}

export function PartnerBrandsSection() {
  const partners = usePartners().data ?? [];
  const [chosen, setChosen] = useState("");
  const partner = partners.find((p) => p.id === chosen) ?? partners[0];
  return (
    <PanelSection
      title="Partner brands"
      description="Users who registered through a partner's widget, or whom you assign here, get PDF reports under the partner's brand, with “Data and analysis by BIS” in small print."
      actions={
        partner ? (
          <FilterSelect
            label="Partner"
            value={partner.id}
            onChange={setChosen}
            options={partners.map((p) => ({ value: p.id, label: p.name }))}
          />
        ) : null
      }
    >
      {partner ? (
        <PartnerBrandEditor key={partner.id} partner={partner} />
      ) : (
        <p className="text-sm text-slate-500">No partners yet. Create one to give it a brand.</p>
      )}
    </PanelSection>
  );
}
