/**
 * System: what the server reports about itself (version, uptime, database size and migrations,
 * providers configured and their last key test, email, payment, place and keyword modes), the
 * server instances alive on the database (seen within 30 s; the one that answered marked) and
 * the paid deliverables (which have a provider, and how to configure the others), and the
 * payments, each refundable within the GUARANTEE_DAYS guarantee. The specification does not
 * show this tab's content; BIS fills it.
 */
import {
  GUARANTEE_DAYS,
  type Payment,
  type ServerInstance,
  type SystemStatus as SystemStatusData,
} from "@bis/sdk";
import { Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  useAdminPayments,
  useAdminSystem,
  useAdminUsers,
  useRefundPayment,
} from "../../hooks/use-admin";
import {
  formatBytes,
  formatUptime,
  shortInstanceId,
  withinGuarantee,
} from "../../lib/admin-insights";
import { formatDateTime, formatPrice } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { AdminTable } from "./admin-table";
import { DeliverablesTable } from "./deliverables";
import { PanelSection, QueryStates } from "./panel-states";
import { PricesForm } from "./prices-form";

function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
          <dd className="mt-0.5 text-sm break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const SOURCE_LABEL = { environment: "Environment variable", stored: "Saved in BIS" } as const;

function lastTest(ok: boolean | null, at: string | null): ReactNode {
  if (!at || ok === null) return <span className="text-slate-500">Never tested</span>;
  return (
    <span className={ok ? "text-emerald-700" : "text-red-700"}>
      {ok ? "Passed" : "Failed"} · {formatDateTime(at)}
    </span>
  );
}

function SystemStatus() {
  const system = useAdminSystem();
  return (
    <QueryStates
      query={system}
      loading="Loading system status..."
      failed="Failed to load the system status"
    >
      {(s) => <SystemFacts s={s} />}
    </QueryStates>
  );
}

/** The instances alive on the database, the one that answered this request marked. */
function Instances({ instances, answered }: { instances: ServerInstance[]; answered: string }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">Instances</h3>
      <p className="text-sm text-slate-600">
        Server processes on this database seen within the last 30 seconds (each reports every 10
        seconds).
      </p>
      <AdminTable
        label="Instances"
        rows={instances}
        rowKey={(i) => i.id}
        columns={[
          {
            label: "Instance",
            rowHeader: true,
            cell: (i) => (
              <span className="inline-flex flex-wrap items-center gap-2">
                <span className="font-mono" title={i.id}>
                  {shortInstanceId(i.id)}
                </span>
                {i.id === answered ? <Badge tone="success">Answered this request</Badge> : null}
              </span>
            ),
          },
          { label: "Host", cell: (i) => i.hostname },
          { label: "PID", className: "font-mono", cell: (i) => i.pid },
          { label: "Version", cell: (i) => i.version },
          { label: "Started", cell: (i) => formatDateTime(i.startedAt) },
          { label: "Last seen", cell: (i) => formatDateTime(i.lastSeenAt) },
        ]}
      />
    </div>
  );
}

function SystemFacts({ s }: { s: SystemStatusData }) {
  const { migrations } = s.database;
  return (
    <div className="space-y-6">
      <Facts
        items={[
          [
            "Status",
            <Badge key="status" tone={s.status === "healthy" ? "success" : "premium"}>
              {s.status === "healthy" ? "Healthy" : "Degraded"}
            </Badge>,
          ],
          ["Version", s.version],
          ["Uptime", `${formatUptime(s.uptimeSeconds)} (since ${formatDateTime(s.startedAt)})`],
          ["Environment", s.environment],
          ["Node.js", s.nodeVersion],
          [
            "Database",
            `${s.database.ok ? "Reachable" : "Not reachable"} · ${formatBytes(s.database.sizeBytes)}`,
          ],
          [
            "Migrations",
            migrations.pending > 0
              ? `${migrations.applied} of ${migrations.available} applied (${migrations.pending} pending)`
              : `${migrations.applied} of ${migrations.available} applied (up to date)`,
          ],
          ["Email", s.email.mode === "smtp" ? "SMTP" : "Development outbox (no SMTP)"],
          ["Payments", s.payments.mode === "stripe" ? "Stripe" : "Demo mode (no card is charged)"],
          ["Place provider", s.places.provider],
          ["Keyword provider", s.keywords.provider],
        ]}
      />
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">Providers</h3>
        <AdminTable
          label="Providers"
          rows={s.providers}
          rowKey={(p) => p.name}
          columns={[
            { label: "Provider", rowHeader: true, cell: (p) => p.label },
            {
              label: "Key",
              cell: (p) =>
                p.configured ? (
                  <Badge tone="success">
                    Configured{p.source ? ` · ${SOURCE_LABEL[p.source]}` : ""}
                  </Badge>
                ) : (
                  <Badge>Not configured</Badge>
                ),
            },
            { label: "Last test", cell: (p) => lastTest(p.lastTestOk, p.lastTestedAt) },
          ]}
        />
      </div>
      <Instances instances={s.instances} answered={s.instanceId} />
    </div>
  );
}

function Payments() {
  const payments = useAdminPayments();
  const users = useAdminUsers();
  const refund = useRefundPayment();
  const emailOf = (userId: string) => users.data?.find((u) => u.id === userId)?.email ?? userId;

  function confirmRefund(payment: Payment) {
    const amount = formatPrice(payment.amount, payment.currency);
    const question = `Refund ${amount} to ${emailOf(payment.userId)}? The premium access of this analysis will be withdrawn.`;
    if (!window.confirm(question)) return;
    refund.mutate(payment.id);
  }

  return (
    <QueryStates
      query={payments}
      noun="payments"
      loading="Loading payments..."
      failed="Failed to load payments"
      empty="No payments yet."
    >
      {(records) => (
        <AdminTable
          label="Payment records"
          rows={records}
          rowKey={(payment) => payment.id}
          columns={[
            { label: "Date", cell: (payment) => formatDateTime(payment.createdAt) },
            { label: "User", cell: (payment) => emailOf(payment.userId) },
            {
              label: "Amount",
              cell: (payment) => (
                <>
                  {formatPrice(payment.amount, payment.currency)}
                  {payment.provider === "demo" ? (
                    <Badge className="ml-1">Demo · not revenue</Badge>
                  ) : (
                    <span className="ml-1 text-xs text-slate-500">(Stripe)</span>
                  )}
                </>
              ),
            },
            {
              label: "Status",
              cell: (payment) =>
                payment.status === "refunded" ? (
                  <Badge>
                    Refunded{payment.refundedAt ? ` ${formatDateTime(payment.refundedAt)}` : ""}
                  </Badge>
                ) : (
                  <Badge tone="success">Succeeded</Badge>
                ),
            },
            {
              label: "Analysis",
              cell: (payment) => (
                <Link
                  to={`/analysis/${encodeURIComponent(payment.analysisId)}`}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Open analysis
                </Link>
              ),
            },
            {
              label: "Refund",
              hideLabel: true,
              cell: (payment) =>
                payment.status === "succeeded" && withinGuarantee(payment.createdAt) ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => confirmRefund(payment)}
                    pending={refund.isPending && refund.variables === payment.id}
                    aria-label={`Refund payment of ${formatDateTime(payment.createdAt)}`}
                  >
                    <Undo2 className="size-4" aria-hidden="true" />
                    Refund
                  </Button>
                ) : payment.status === "succeeded" ? (
                  <span className="text-xs text-slate-500">
                    Past the {GUARANTEE_DAYS}-day guarantee
                  </span>
                ) : null,
            },
          ]}
        />
      )}
    </QueryStates>
  );
}

export function SystemTab() {
  return (
    <div className="space-y-6">
      <PanelSection
        title="System"
        description="The server, its database, its providers and its instances."
      >
        <SystemStatus />
      </PanelSection>
      <PanelSection
        title="Paid deliverables"
        description="What the premium package delivers on this server, with the provider of each; an item without a provider is not sold."
      >
        <DeliverablesTable />
      </PanelSection>
      <PanelSection
        title="Prices"
        description="The price of each paid deliverable; the package costs the sum of those this server can deliver."
      >
        <PricesForm />
      </PanelSection>
      <PanelSection
        title="Payments"
        description={`Recorded payments, newest first. Demo purchases charge no card and are not revenue. A payment can be refunded within the ${GUARANTEE_DAYS}-day guarantee; the analysis then loses its premium access.`}
      >
        <Payments />
      </PanelSection>
    </div>
  );
}
