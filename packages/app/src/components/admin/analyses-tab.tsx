/**
 * Analyses: what the analyses of every user add up to — step completion, paid conversion, and
 * the split by industry and by state — computed from the admin analyses list. (The
 * specification shows a "Coming Soon" placeholder here; BIS gives the tab real content.)
 */
import { useAdminAllAnalyses } from "../../hooks/use-admin";
import {
  type AnalysesInsights,
  analysesInsights,
  type InsightGroup,
} from "../../lib/admin-insights";
import { formatNumber, formatWholePercent } from "../../lib/format";
import { Card } from "../ui/card";
import { AdminTable } from "./admin-table";
import { PanelSection, QueryStates } from "./panel-states";

/** A share as a bar; decorative, as the figure is always written next to it. */
function Bar({ share }: { share: number }) {
  return (
    <div
      aria-hidden="true"
      className="h-2 w-full min-w-16 overflow-hidden rounded-full bg-slate-100"
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${share * 100}%` }} />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
    </Card>
  );
}

function GroupTable({
  title,
  column,
  groups,
}: {
  title: string;
  column: string;
  groups: InsightGroup[];
}) {
  return (
    <PanelSection title={title} headingLevel="h3">
      <AdminTable
        label={`Analyses ${title.toLowerCase()}`}
        rows={groups}
        rowKey={(group) => group.key}
        columns={[
          { label: column, rowHeader: true, cell: (group) => group.key },
          { label: "Analyses", cell: (group) => formatNumber(group.count) },
          {
            label: "Share",
            cell: (group) => (
              <div className="flex w-28 items-center gap-2 sm:w-36">
                <Bar share={group.share} />
                <span className="w-10 text-right text-xs text-slate-600">
                  {formatWholePercent(group.share)}
                </span>
              </div>
            ),
          },
          { label: "Paid", cell: (group) => formatNumber(group.paid) },
          { label: "Conversion", cell: (group) => formatWholePercent(group.conversion) },
        ]}
      />
    </PanelSection>
  );
}

function Insights({ insights }: { insights: AnalysesInsights }) {
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Analyses" value={formatNumber(insights.total)} />
        <Figure
          label="Paid conversion"
          value={formatWholePercent(insights.conversion)}
          note={`${formatNumber(insights.paid)} of ${formatNumber(insights.total)} analyses paid`}
        />
        <Figure label="Industries" value={formatNumber(insights.byIndustry.length)} />
        <Figure label="States" value={formatNumber(insights.byState.length)} />
      </div>

      <PanelSection title="Step completion" headingLevel="h3">
        <ul className="space-y-4">
          {insights.steps.map((step) => (
            <li key={step.step} className="space-y-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                <span className="font-medium text-slate-900">{step.label}</span>
                <span className="text-slate-600">
                  {formatNumber(step.completed)} of {formatNumber(insights.total)} (
                  {formatWholePercent(step.share)})
                </span>
              </div>
              <Bar share={step.share} />
            </li>
          ))}
        </ul>
      </PanelSection>

      <div className="grid gap-6 lg:grid-cols-2">
        <GroupTable title="By industry" column="Industry" groups={insights.byIndustry} />
        <GroupTable title="By state" column="State" groups={insights.byState} />
      </div>
    </div>
  );
}

export function AnalysesTab() {
  const analyses = useAdminAllAnalyses();

  return (
    <PanelSection
      title="Analyses"
      description="How far users get through the three steps, how many pay, and where they search."
    >
      <QueryStates
        query={analyses}
        loading="Loading analyses..."
        failed="Failed to load analyses"
        empty="No analyses yet: the figures appear once users run analyses."
      >
        {(list) => <Insights insights={analysesInsights(list)} />}
      </QueryStates>
    </PanelSection>
  );
}
