/**
 * A new widget partner: the form — name, allowed origins, optional webhook URL, daily
 * quota — checked with the SDK's partnerCreateSchema (the server's own rules and messages), and
 * the answer's webhook secret, shown this once, with the partner's two-line snippet.
 */
import { type PartnerCreate, type PartnerCreated, partnerCreateSchema } from "@bis/sdk";
import { Copy } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useAdminChange } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { firstMessageByField } from "../../lib/field-messages";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { Input, inputClasses } from "../ui/input";

interface DraftPartner {
  name: string;
  origins: string;
  webhookUrl: string;
  dailyQuota: string;
}

const EMPTY_DRAFT: DraftPartner = { name: "", origins: "", webhookUrl: "", dailyQuota: "1000" };

type DraftErrors = Partial<Record<"name" | "allowedOrigins" | "webhookUrl" | "dailyQuota", string>>;

/** The form as the call's body, checked with the server's schema; field → first message. */
export function toPartnerCreate(
  draft: DraftPartner,
): { body: PartnerCreate; errors?: undefined } | { body?: undefined; errors: DraftErrors } {
  const body: PartnerCreate = {
    name: draft.name,
    allowedOrigins: draft.origins.split(/[\s,]+/).filter(Boolean),
    ...(draft.webhookUrl.trim() ? { webhookUrl: draft.webhookUrl.trim() } : {}),
    dailyQuota: draft.dailyQuota.trim() === "" ? Number.NaN : Number(draft.dailyQuota),
  };
  const parsed = partnerCreateSchema.safeParse(body);
  if (parsed.success) return { body };
  return { errors: firstMessageByField<keyof DraftErrors>(parsed.error.issues) };
}

/** The widget's two lines for a partner's page. */
export function widgetSnippet(origin: string, publicKey: string): string {
  return `<script src="${origin}/widget.js" defer></script>\n<bis-market-analysis partner-key="${publicKey}"></bis-market-analysis>`;
}

export function CreatePartnerForm({ onCreated }: { onCreated: (created: PartnerCreated) => void }) {
  const [draft, setDraft] = useState<DraftPartner>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = useAdminChange(
    "Failed to create partner",
    (body: PartnerCreate) => api.admin.createPartner(body),
    (created) => {
      toast({ title: "Success", description: `Partner created: ${created.partner.name}` });
      setDraft(EMPTY_DRAFT);
      onCreated(created);
    },
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = toPartnerCreate(draft);
    setErrors(result.errors ?? {});
    if (result.body) create.mutate(result.body);
  }

  const set = (field: keyof DraftPartner) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New partner"
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <FormField label="Partner name" error={errors.name}>
        {(control) => (
          <Input {...control} value={draft.name} onChange={(e) => set("name")(e.target.value)} />
        )}
      </FormField>
      <FormField
        label="Daily quota"
        error={errors.dailyQuota}
        hint="Full analyses per UTC day; after that the widget answers in reduced form."
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.dailyQuota}
            onChange={(e) => set("dailyQuota")(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Allowed origins"
        error={errors.allowedOrigins}
        hint="One per line, e.g. https://www.cool-supply.com (scheme, host and port; no path)."
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={cn(inputClasses, "h-auto py-2 font-mono")}
            value={draft.origins}
            onChange={(e) => set("origins")(e.target.value)}
          />
        )}
      </FormField>
      <FormField
        label="Webhook URL (optional)"
        error={errors.webhookUrl}
        hint="New leads are POSTed here, signed with the webhook secret."
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            value={draft.webhookUrl}
            onChange={(e) => set("webhookUrl")(e.target.value)}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" pending={create.isPending} pendingLabel="Creating...">
          Create partner
        </Button>
      </div>
    </form>
  );
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `The ${what} is on the clipboard.` });
  } catch {
    toast({ variant: "destructive", title: "Copy failed", description: "Select it and copy it." });
  }
}

/** The webhook secret of a new partner, shown this once, and its snippet. */
export function CreatedPartner({
  created,
  onDone,
}: {
  created: PartnerCreated;
  onDone: () => void;
}) {
  const headingId = useId();
  const snippet = widgetSnippet(window.location.origin, created.partner.publicKey);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {created.partner.name}: webhook secret (shown once)
      </h3>
      <p className="text-slate-700">
        Give it to the partner for their server: it signs every webhook (
        <code>X-BIS-Signature</code>). BIS will not show it again; a lost secret can only be
        replaced.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono break-all" data-testid="secret">
          {created.webhookSecret}
        </code>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void copy(created.webhookSecret, "webhook secret")}
        >
          <Copy className="size-4" aria-hidden="true" /> Copy secret
        </Button>
      </div>
      <p className="text-slate-700">The two lines for the partner's page:</p>
      <pre className="overflow-x-auto rounded bg-white p-2 font-mono text-xs">{snippet}</pre>
      <Button variant="secondary" size="sm" onClick={onDone}>
        I have saved the secret
      </Button>
    </section>
  );
}
