/**
 * Stage 1 of the wizard, "Service Area Configuration", with the specification's form rules: city, state,
 * industry and the two radius sliders, validated with the SDK's marketAnalysisFormSchema.
 */
import {
  defaultIndustry,
  INDUSTRIES,
  type MarketAnalysisForm,
  type marketAnalysisFormSchema,
  PRIMARY_RADIUS,
  SECONDARY_RADIUS,
} from "@bis/sdk";
import { MapPin, Play } from "lucide-react";
import { useId } from "react";
import { type UseFormReturn, useWatch } from "react-hook-form";
import { formatMiles } from "../../lib/format";
import { IndustryField } from "../forms/industry-field";
import { StateField } from "../forms/state-field";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { FieldError } from "../ui/field-error";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { RangeInput } from "../ui/range-input";

/** The form's values after validation (radii coerced to numbers). */
export type ServiceAreaValues = (typeof marketAnalysisFormSchema)["_zod"]["output"];

export type ServiceAreaFormApi = UseFormReturn<MarketAnalysisForm, unknown, ServiceAreaValues>;

export const serviceAreaDefaults: MarketAnalysisForm = {
  city: "",
  state: "",
  // The one active industry profile, so the field does not start empty.
  industry: defaultIndustry(),
  primaryRadius: PRIMARY_RADIUS.default,
  secondaryRadius: SECONDARY_RADIUS.default,
};

/** An unknown city (422 UNKNOWN_CITY): the state it was looked up in and near names. */
export interface UnknownCity {
  stateName: string;
  suggestions: string[];
}

function isActiveIndustry(id: unknown): boolean {
  return INDUSTRIES.some((i) => i.id === id && i.active);
}

function RadiusSlider({
  form,
  name,
  label,
  range,
  hint,
}: {
  form: ServiceAreaFormApi;
  name: "primaryRadius" | "secondaryRadius";
  label: string;
  range: { min: number; max: number; step: number };
  hint: string;
}) {
  const id = useId();
  const value = Number(useWatch({ control: form.control, name }));
  const error = form.formState.errors[name]?.message;
  const miles = formatMiles(Number.isFinite(value) ? value : null, 0);
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm font-semibold text-brand-800" aria-hidden="true">
          {miles}
        </output>
      </div>
      <RangeInput
        id={id}
        min={range.min}
        max={range.max}
        step={range.step}
        aria-valuetext={miles}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        {...form.register(name, { valueAsNumber: true })}
      />
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{formatMiles(range.min, 0)}</span>
        <span>{formatMiles(range.max, 0)}</span>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function ServiceAreaForm({
  form,
  onSubmit,
  pending,
  unknownCity,
  onPickSuggestion,
}: {
  form: ServiceAreaFormApi;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
  unknownCity: UnknownCity | null;
  onPickSuggestion: (city: string) => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const industry = useWatch({ control: form.control, name: "industry" });
  const comingSoon = typeof industry === "string" && industry !== "" && !isActiveIndustry(industry);
  const suggestionsId = useId();

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin className="size-5 text-brand-700" aria-hidden="true" />
          Service Area Configuration
        </CardTitle>
        <CardDescription>
          Choose the city you work from, your industry and how far you travel for jobs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate aria-busy={pending}>
          {/* A disabled fieldset locks every control while the analysis runs. */}
          <fieldset disabled={pending} className="min-w-0 space-y-6">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Target City" error={errors.city?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...register("city")}
                    placeholder="e.g. Austin"
                    autoComplete="address-level2"
                  />
                )}
              </FormField>
              <StateField error={errors.state?.message} registration={register("state")} />
            </div>

            {unknownCity ? (
              <div
                role="alert"
                id={suggestionsId}
                className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
              >
                <p className="font-medium">
                  We couldn't find that city in {unknownCity.stateName}.
                  {unknownCity.suggestions.length > 0 ? " Did you mean:" : " Check the spelling."}
                </p>
                {unknownCity.suggestions.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-2">
                    {unknownCity.suggestions.map((name) => (
                      <li key={name}>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => onPickSuggestion(name)}
                          aria-label={`Use ${name}`}
                        >
                          {name}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}

            <IndustryField
              error={errors.industry?.message}
              registration={register("industry")}
              placeholder="Select an industry"
            />

            <div className="grid gap-6 sm:grid-cols-2">
              <RadiusSlider
                form={form}
                name="primaryRadius"
                label="Primary Service Radius"
                range={PRIMARY_RADIUS}
                hint="Where you do most of your work."
              />
              <RadiusSlider
                form={form}
                name="secondaryRadius"
                label="Secondary Service Radius"
                range={SECONDARY_RADIUS}
                hint="How far you travel for bigger jobs."
              />
            </div>

            <Button
              type="submit"
              size="lg"
              fullWidth
              disabled={comingSoon}
              pending={pending}
              pendingLabel="Processing Census Data..."
            >
              {comingSoon ? (
                "Coming Soon"
              ) : (
                <>
                  <Play className="size-5" aria-hidden="true" />
                  Start Market Analysis
                </>
              )}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  );
}
