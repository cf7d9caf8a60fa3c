/**
 * Partners (beyond the specification's seven tabs): the websites that embed the
 * `<bis-market-analysis>` widget, and the leads it captured.
 *
 * - The list: name, public key, allowed origins, today's usage against the daily quota, leads,
 *   failed webhook deliveries, and whether the partner is active; revoke (with a confirmation) or
 *   reinstate.
 * - Create (partner-form.tsx): name, allowed origins, optional webhook URL, daily quota —
 *   checked with the SDK's partnerCreateSchema; the answer's webhook secret is shown this once,
 *   with the partner's two-line snippet.
 * - Brands (partner-brand.tsx): a partner's display name, logo, colour and contact
 *   line for its users' reports, and the users reporting under it.
 * - The leads, newest first, with their webhook delivery status, filtered by status.
 *
 * Every call is an admin call: a 401 or 403 goes to the panel's gate (hooks/use-admin-gate.ts).
 */
import type { Lead, Partner, PartnerCreated, WebhookStatus } from "@bis/sdk";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useAdminChange, useLeads, usePartners } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { formatDate, formatNumber } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { type AdminColumn, AdminTable } from "./admin-table";
import { FilterSelect, PanelSection, QueryStates } from "./panel-states";
import { PartnerBrandsSection } from "./partner-brand";
import { CreatedPartner, CreatePartnerForm } from "./partner-form";

/* ------------------------------------------------------------------ the partners */

function PartnerActions({ partner }: { partner: Partner }) {
  const revoke = useAdminChange(
    "Failed to revoke partner",
    (id: string) => api.admin.revokePartner(id),
    () => toast({ title: "Success", description: `Partner revoked: ${partner.name}` }),
  );
  const reinstate = useAdminChange(
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
      <PartnerBrandsSection />
      <LeadsSection />
    </div>
  );
}
