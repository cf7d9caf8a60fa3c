/**
 * Settings (a tab of the specification's admin panel): the four video URLs — premium offer, keyword education, competition
 * education and landing page. Each must be an http(s) URL or empty (empty hides the video).
 * "Settings Updated" on success; "Update Failed" — "Failed to update settings. Please try
 * again." — otherwise.
 */
import { type AppSettings, settingsPatchSchema } from "@bis/sdk";
import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useAdminSettings, useUpdateSettings } from "../../hooks/use-admin";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { ErrorState, LoadingState, PanelSection } from "./panel-states";

type VideoField = keyof AppSettings;

const FIELDS: readonly { name: VideoField; label: string; hint: string }[] = [
  {
    name: "landingPageVideoUrl",
    label: "Landing Page Video URL",
    hint: "Shown on the landing page under “See How BIS Transforms Your Market Research”.",
  },
  {
    name: "premiumOfferVideoUrl",
    label: "Premium Offer Video URL",
    hint: "Shown in the premium promotion on the results page of unpaid analyses.",
  },
  {
    name: "keywordEducationVideoUrl",
    label: "Keyword Education Video URL",
    hint: "Shown at the top of the Keyword Research section of the results page.",
  },
  {
    name: "competitionEducationVideoUrl",
    label: "Competition Education Video URL",
    hint: "Shown at the top of the Competition Analysis section of the results page.",
  },
];

// The form always sends all four; the SDK's patch schema holds the rule (http(s) or empty).
const formSchema = settingsPatchSchema.required();

function SettingsForm({ settings }: { settings: AppSettings }) {
  const update = useUpdateSettings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({
    resolver: zodResolver(formSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: settings,
  });

  // A refetch (or the saved answer) becomes the new starting point when nothing is being edited.
  useEffect(() => {
    if (!isDirty) reset(settings);
  }, [settings, isDirty, reset]);

  const onSubmit = handleSubmit((patch) =>
    update.mutate(patch, { onSuccess: (saved) => reset(saved) }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]?.message}
        >
          {(control) => (
            <Input
              {...control}
              {...register(field.name)}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              autoComplete="off"
            />
          )}
        </FormField>
      ))}
      <p className="text-xs text-slate-500">
        Each must be an https:// address on another site (not BIS itself), or empty to show no
        video. YouTube and Vimeo page links are turned into their embed links.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={update.isPending} pendingLabel="Saving...">
          <Save className="size-4" aria-hidden="true" />
          Save Settings
        </Button>
        <Button
          variant="ghost"
          onClick={() => reset(settings)}
          disabled={!isDirty || update.isPending}
        >
          Discard changes
        </Button>
      </div>
    </form>
  );
}

export function SettingsTab() {
  const settings = useAdminSettings();
  return (
    <PanelSection title="Settings" description="The videos BIS shows to visitors and users.">
      {settings.isPending ? (
        <LoadingState label="Loading settings..." />
      ) : settings.isError ? (
        <ErrorState title="Failed to load settings" error={settings.error} query={settings} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </PanelSection>
  );
}
