/**
 * Partners (issue 7, beyond the specification's seven tabs): the websites that embed the
 * `<bis-market-analysis>` widget, and the leads it captured.
 *
 * - The list: name, public key, allowed origins, today's usage against the daily quota, leads,
 *   failed webhook deliveries, and whether the partner is active; revoke (with a confirmation) or
 *   reinstate.
 * - Create: name, allowed origins, optional webhook URL, daily quota — checked with the SDK's
 *   partnerCreateSchema (the server's own rules and messages). The answer's webhook secret is
 *   shown this once, with the partner's two-line snippet.
 * - The leads, newest first, with their webhook delivery status, filtered by status.
 *
 * Every call is an admin call: a 401 or 403 goes to the panel's gate (hooks/use-admin.ts).
 */
import {
  errorMessage,
  type Lead,
  type Partner,
  type PartnerCreate,
  type PartnerCreated,
  partnerCreateSchema,
  type WebhookStatus,
} from "@bis/sdk";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Copy, Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { adminKeys, useAdminGate, useAdminPaged } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { cn } from "../../lib/cn";
import { formatDate, formatNumber } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { Input, inputClasses } from "../ui/input";
import { type AdminColumn, AdminTable } from "./admin-table";
import { FilterSelect, PanelSection, QueryStates } from "./panel-states";

/* ------------------------------------------------------------------ calls */

export const partnerKeys = {
  partners: [...adminKeys.all, "partners"] as const,
  leads: (status: WebhookStatus | "all") => [...adminKeys.all, "leads", status] as const,
};

export function usePartners() {
  return useAdminPaged(partnerKeys.partners, (query) => api.admin.partnersPage(query));
}

export function useLeads(status: WebhookStatus | "all") {
  return useAdminPaged(partnerKeys.leads(status), (query) =>
    api.admin.leadsPage(status === "all" ? query : { ...query, status }),
  );
}

/** A partner change: the gate's answer (401, 403) first, else a toast; refreshes the admin data. */
function usePartnerMutation<V, R>(
  failedTitle: string,
  call: (variables: V) => Promise<R>,
  onSuccess: (result: R, variables: V) => void,
) {
  const { handleError } = useAdminGate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess,
    onError: (error) => {
      if (handleError(error)) return;
      toast({
        variant: "destructive",
        title: failedTitle,
        description: errorMessage(error, failedTitle),
      });
    },
    onSettled: () => void client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/* ------------------------------------------------------------------ create */

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
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof DraftErrors;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The widget's two lines for a partner's page. */
export function widgetSnippet(origin: string, publicKey: string): string {
  return `<script src="${origin}/widget.js" defer></script>\n<bis-market-analysis partner-key="${publicKey}"></bis-market-analysis>`;
}

function CreatePartnerForm({ onCreated }: { onCreated: (created: PartnerCreated) => void }) {
  const [draft, setDraft] = useState<DraftPartner>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const create = usePartnerMutation(
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
function CreatedPartner({ created, onDone }: { created: PartnerCreated; onDone: () => void }) {
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

/* ------------------------------------------------------------------ the partners */

function PartnerActions({ partner }: { partner: Partner }) {
  const revoke = usePartnerMutation(
    "Failed to revoke partner",
    (id: string) => api.admin.revokePartner(id),
    () => toast({ title: "Success", description: `Partner revoked: ${partner.name}` }),
  );
  const reinstate = usePartnerMutation(
    "Failed to reinstate partner",
    (id: string) => api.admin.updatePartner(id, { active: true }),
    () => toast({ title: "Success", description: `Partner reinstated: ${partner.name}` }),
  );

  function confirmRevoke() {
    const question = `Revoke ${partner.name}? Its widget stops working at once on every site. Its leads are kept.`;
    if (window.confirm(question)) revoke.mutate(partner.id);
  }

  return partner.active ? (
    <Button
      variant="outline"
      size="sm"
      pending={revoke.isPending}
      aria-label={`Revoke ${partner.name}`}
      onClick={confirmRevoke}
    >
      Revoke
    </Button>
  ) : (
    <Button
      variant="outline"
      size="sm"
      pending={reinstate.isPending}
      aria-label={`Reinstate ${partner.name}`}
      onClick={() => reinstate.mutate(partner.id)}
    >
      Reinstate
    </Button>
  );
}

const PARTNER_COLUMNS: readonly AdminColumn<Partner>[] = [
  {
    label: "Partner",
    rowHeader: true,
    cell: (partner) => (
      <>
        <div>{partner.name}</div>
        <div className="text-xs font-normal text-slate-500">
          Since {formatDate(partner.createdAt)}
        </div>
      </>
    ),
  },
  {
    label: "Public key",
    cell: (partner) => <code className="font-mono text-xs break-all">{partner.publicKey}</code>,
  },
  {
    label: "Allowed origins",
    cell: (partner) => (
      <div className="min-w-0">
        <ul className="space-y-0.5 font-mono text-xs break-all">
          {partner.allowedOrigins.map((origin) => (
            <li key={origin}>{origin}</li>
          ))}
        </ul>
        {partner.webhookUrl ? (
          <div className="mt-1 text-xs break-all text-slate-500">Webhook: {partner.webhookUrl}</div>
        ) : null}
      </div>
    ),
  },
  {
    label: "Usage today",
    cell: (partner) => `${formatNumber(partner.usageToday)} / ${formatNumber(partner.dailyQuota)}`,
  },
  { label: "Leads", cell: (partner) => formatNumber(partner.leads) },
  {
    label: "Failed deliveries",
    className: (partner) => partner.failedDeliveries > 0 && "font-semibold text-red-700",
    cell: (partner) => formatNumber(partner.failedDeliveries),
  },
  {
    label: "Status",
    cell: (partner) => (
      <Badge tone={partner.active ? "success" : "neutral"}>
        {partner.active ? "Active" : "Revoked"}
      </Badge>
    ),
  },
  {
    label: "Actions",
    hideLabel: true,
    cell: (partner) => <PartnerActions partner={partner} />,
  },
];

function PartnersSection() {
  const partners = usePartners();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<PartnerCreated | null>(null);

  return (
    <PanelSection
      title="Widget partners"
      description="Websites that embed the free market snapshot (<bis-market-analysis>). The public key goes into their page; only the listed origins may use it."
      actions={
        <Button
          variant={creating ? "ghost" : "primary"}
          size="sm"
          aria-expanded={creating}
          onClick={() => setCreating((open) => !open)}
        >
          {creating ? null : <Plus className="size-4" aria-hidden="true" />}
          {creating ? "Cancel" : "New partner"}
        </Button>
      }
    >
      <div className="space-y-4">
        {created ? <CreatedPartner created={created} onDone={() => setCreated(null)} /> : null}
        {creating ? (
          <CreatePartnerForm
            onCreated={(result) => {
              setCreated(result);
              setCreating(false);
            }}
          />
        ) : null}
        <QueryStates
          query={partners}
          noun="partners"
          loading="Loading partners..."
          failed="Failed to load partners"
          empty="No partners yet. Create one to give a website the widget."
        >
          {(list) => (
            <AdminTable
              label="Partners"
              rows={list}
              rowKey={(partner) => partner.id}
              columns={PARTNER_COLUMNS}
            />
          )}
        </QueryStates>
      </div>
    </PanelSection>
  );
}

/* ------------------------------------------------------------------ the leads */

const DELIVERY: Record<WebhookStatus, { label: string; tone: "success" | "premium" | "neutral" }> =
  {
    delivered: { label: "Delivered", tone: "success" },
    pending: { label: "Pending", tone: "premium" },
    failed: { label: "Failed", tone: "neutral" },
    none: { label: "No webhook", tone: "neutral" },
  };

function DeliveryStatus({ lead }: { lead: Lead }) {
  const { label, tone } = DELIVERY[lead.webhookStatus];
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge
        tone={tone}
        className={lead.webhookStatus === "failed" ? "bg-red-100 text-red-800" : undefined}
      >
        {label}
      </Badge>
      {lead.webhookAttempts > 0 ? (
        <span className="text-xs text-slate-500">
          {lead.webhookAttempts} {lead.webhookAttempts === 1 ? "attempt" : "attempts"}
          {lead.deliveredAt ? ` · ${formatDate(lead.deliveredAt)}` : ""}
        </span>
      ) : null}
      {lead.webhookLastError && lead.webhookStatus !== "delivered" ? (
        <span className="max-w-56 text-xs whitespace-normal text-red-700">
          {lead.webhookLastError}
        </span>
      ) : null}
    </div>
  );
}

const LEAD_COLUMNS: readonly AdminColumn<Lead>[] = [
  { label: "Received", cell: (lead) => formatDate(lead.createdAt) },
  { label: "Partner", cell: (lead) => lead.partnerName },
  { label: "Name", cell: (lead) => lead.name },
  { label: "Email", className: "break-all", cell: (lead) => lead.email },
  { label: "Consent", cell: (lead) => (lead.consent ? "Yes" : "No") },
  { label: "Delivery", cell: (lead) => <DeliveryStatus lead={lead} /> },
];

function LeadsSection() {
  const [status, setStatus] = useState<WebhookStatus | "all">("all");
  const leads = useLeads(status);
  return (
    <PanelSection
      title="Widget leads"
      description="Visitors who asked to be contacted, newest first, and the delivery to their partner's webhook."
      actions={
        <FilterSelect
          label="Delivery"
          value={status}
          onChange={setStatus}
          options={[
            { value: "all", label: "All" },
            { value: "failed", label: "Failed" },
            { value: "pending", label: "Pending" },
            { value: "delivered", label: "Delivered" },
            { value: "none", label: "No webhook" },
          ]}
        />
      }
    >
      <QueryStates
        query={leads}
        noun="leads"
        loading="Loading leads..."
        failed="Failed to load leads"
        empty={status === "all" ? "No leads yet." : "No leads with this delivery status."}
      >
        {(list) => (
          <AdminTable label="Leads" rows={list} rowKey={(lead) => lead.id} columns={LEAD_COLUMNS} />
        )}
      </QueryStates>
    </PanelSection>
  );
}

export function PartnersTab() {
  return (
    <div className="space-y-6">
      <PartnersSection />
      <LeadsSection />
    </div>
  );
}
