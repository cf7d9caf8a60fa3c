/**
 * What this server can deliver of the premium package (GET /api/config/payments), for
 * administrators: a notice at the top of /admin when a paid deliverable lacks a provider (or
 * delivers sample data), and the full list on the System tab, each with how to configure it.
 * The checkout sells exactly the deliverable ones.
 */
import type { PremiumDeliverable } from "@bis/sdk";
import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { usePaymentConfig } from "../../hooks/use-payments";
import { formatPrice } from "../../lib/format";
import { Badge } from "../ui/badge";
import { AdminTable } from "./admin-table";

const GRADE_LABEL = { measured: "Measured", modeled: "Modeled", sample: "Sample data" } as const;

/** The deliverables that need an administrator: not deliverable, or delivering sample data. */
export function needsAttention(deliverables: readonly PremiumDeliverable[]): PremiumDeliverable[] {
  return deliverables.filter((d) => !d.deliverable || d.grade === "sample");
}

/**
 * The notice at the top of /admin: which paid deliverables lack a provider and how to configure
 * one. Nothing when every deliverable has a real provider (or while the list loads).
 */
export function DeliverablesNotice() {
  const config = usePaymentConfig();
  const list = config.data ? needsAttention(config.data.deliverables) : [];
  if (!config.data || list.length === 0) return null;
  const missing = list.filter((d) => !d.deliverable);
  return (
    <section
      aria-labelledby="deliverables-notice-heading"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 space-y-2">
        <h2 id="deliverables-notice-heading" className="font-semibold">
          {missing.length > 0
            ? `${missing.length === 1 ? "A paid deliverable lacks" : `${missing.length} paid deliverables lack`} a provider`
            : "A paid deliverable uses sample data"}
        </h2>
        <p>
          {config.data.purchasable
            ? 'The checkout sells and prices only what this server can deliver; customers read "… is not available yet" for the items below and pay nothing for them.'
            : "Nothing premium can be delivered, so the checkout takes no payment."}
        </p>
        <ul className="space-y-1">
          {list.map((d) => (
            <li key={d.id}>
              <span className="font-medium">{d.label}</span>
              {d.deliverable ? " (sample data)" : " (not sold)"}: {d.configure ?? d.reason}
            </li>
          ))}
        </ul>
        <p>
          <Link
            to="/admin?tab=api-keys"
            className="font-medium text-amber-950 underline underline-offset-2"
          >
            Open API Keys
          </Link>
          {" · "}
          <Link
            to="/admin?tab=system"
            className="font-medium text-amber-950 underline underline-offset-2"
          >
            See every deliverable on the System tab
          </Link>
        </p>
      </div>
    </section>
  );
}

/** The System tab's list: every paid deliverable, its provider and grade, and what to do. */
export function DeliverablesTable() {
  const config = usePaymentConfig();
  if (config.isPending) return <p className="text-sm text-slate-600">Loading deliverables...</p>;
  if (!config.data) {
    return <p className="text-sm text-red-700">Failed to load what this server can deliver.</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        {config.data.purchasable
          ? "The checkout sells exactly the deliverable items."
          : "Nothing premium can be delivered: the checkout takes no payment."}
      </p>
      <AdminTable
        label="Deliverables and their providers"
        rows={config.data.deliverables}
        rowKey={(d) => d.id}
        columns={[
          { label: "Deliverable", rowHeader: true, cell: (d) => d.label },
          {
            label: "Status",
            cell: (d) =>
              d.deliverable ? (
                <Badge tone={d.grade === "sample" ? "premium" : "success"}>
                  Delivered{d.grade ? ` · ${GRADE_LABEL[d.grade]}` : ""}
                </Badge>
              ) : (
                <Badge>Not delivered</Badge>
              ),
          },
          { label: "Provider", cell: (d) => d.provider ?? d.reason ?? "—" },
          {
            label: "Price",
            cell: (d) =>
              d.deliverable ? formatPrice(d.price, config.data.currency) : "Not charged",
          },
          { label: "How to configure", cell: (d) => d.configure ?? "Nothing to do" },
        ]}
      />
    </div>
  );
}
