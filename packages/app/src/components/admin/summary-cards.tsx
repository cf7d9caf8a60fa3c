/**
 * The four summary cards of the specification's admin panel: Total Users with the users active this
 * month (accounts created within ACTIVE_USER_DAYS), Total Analyses, Total Revenue in dollars and
 * System Status. Both calls refresh every ADMIN_SUMMARY_REFRESH_MS (see use-admin.ts).
 */
import { ACTIVE_USER_DAYS, type AdminAnalytics } from "@bis/sdk";
import { Activity, ChartColumn, DollarSign, type LucideIcon, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useAdminAnalytics, useAdminSystem } from "../../hooks/use-admin";
import { cn } from "../../lib/cn";
import { formatNumber } from "../../lib/format";
import { Card } from "../ui/card";

function SummaryCard({
  title,
  icon: Icon,
  value,
  note,
  busy,
  tone = "brand",
}: {
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  note?: ReactNode;
  busy: boolean;
  tone?: "brand" | "success" | "danger";
}) {
  const headingId = `summary-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <Card as="section" aria-labelledby={headingId} aria-busy={busy || undefined} className="p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="text-sm font-medium text-slate-600">
          {title}
        </h2>
        <Icon
          className={cn(
            "size-5 shrink-0",
            tone === "success"
              ? "text-emerald-600"
              : tone === "danger"
                ? "text-red-600"
                : "text-brand-700",
          )}
          aria-hidden="true"
        />
      </div>
      <p className="mt-2 text-2xl font-bold break-words text-slate-900">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </Card>
  );
}

const dollars = (value: number) =>
  value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  });

/** The three cards read from the analytics call: each its figure and the line under it. */
const FIGURES: readonly {
  title: string;
  icon: LucideIcon;
  value: (data: AdminAnalytics) => string;
  note: (data: AdminAnalytics) => string;
}[] = [
  {
    title: "Total Users",
    icon: Users,
    value: (data) => formatNumber(data.totalUsers),
    note: (data) =>
      `${formatNumber(data.activeUsers)} active this month (joined in the last ${ACTIVE_USER_DAYS} days)`,
  },
  {
    title: "Total Analyses",
    icon: ChartColumn,
    value: (data) => formatNumber(data.totalAnalyses),
    note: () => "Across all users",
  },
  {
    title: "Total Revenue",
    icon: DollarSign,
    value: (data) => dollars(data.totalRevenue),
    note: (data) =>
      data.demoPayments
        ? `Real payments, net of refunds; ${formatNumber(data.demoPayments)} demo ${data.demoPayments === 1 ? "purchase" : "purchases"} (${dollars(data.demoRevenue ?? 0)}) not counted`
        : "Real payments, net of refunds",
  },
];

export function SummaryCards() {
  const analytics = useAdminAnalytics();
  const system = useAdminSystem();
  const data = analytics.data;
  const placeholder = analytics.isPending ? "…" : "—";
  const failedNote = analytics.isError ? "Could not load the figures" : undefined;

  let status: ReactNode = "…";
  let statusNote: ReactNode;
  let statusTone: "brand" | "success" | "danger" = "brand";
  if (system.data) {
    const healthy = system.data.status === "healthy";
    status = healthy ? "Healthy" : "Degraded";
    statusTone = healthy ? "success" : "danger";
    statusNote = `Version ${system.data.version}`;
  } else if (system.isError) {
    status = "Unavailable";
    statusTone = "danger";
    statusNote = "The status could not be read";
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FIGURES.map((figure) => (
        <SummaryCard
          key={figure.title}
          title={figure.title}
          icon={figure.icon}
          value={data ? figure.value(data) : placeholder}
          note={data ? figure.note(data) : failedNote}
          busy={analytics.isPending}
        />
      ))}
      <SummaryCard
        title="System Status"
        icon={Activity}
        value={status}
        note={statusNote}
        busy={system.isPending}
        tone={statusTone}
      />
    </div>
  );
}
