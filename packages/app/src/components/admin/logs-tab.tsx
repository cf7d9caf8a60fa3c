/**
 * Logs: two views of one tab, chosen by a small tab list (kept in the address as `?view=audit`).
 * "Server Logs": the log entries of every server instance (level, time, message, request id, the
 * instance that wrote it) from the database, newest first, a page at a time ("Load more"),
 * filtered by minimum level,
 * refreshed on demand or every LOGS_REFRESH_MS while auto-refresh is on. "Audit Trail": who
 * changed what, when, paged the same way. The level filter and auto-refresh are kept while the
 * other view is shown. The specification does not show this tab's content; BIS fills it.
 */
import { type AuditEntry, LOG_LEVELS, type LogEntry, type LogLevel } from "@bis/sdk";
import { useId, useState } from "react";
import { LOGS_REFRESH_MS, useAdminAudit, useAdminLogs } from "../../hooks/use-admin";
import { useParamChoice } from "../../hooks/use-param-choice";
import { shortInstanceId } from "../../lib/admin-insights";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { Checkbox } from "../ui/checkbox";
import { Label } from "../ui/label";
import { RefreshButton } from "../ui/refresh-button";
import { Tabs } from "../ui/tabs";
import { AdminTable } from "./admin-table";
import { FilterSelect, PanelSection, QueryStates } from "./panel-states";

const LEVEL_TONE: Record<LogLevel, string> = {
  trace: "bg-slate-100 text-slate-600",
  debug: "bg-slate-100 text-slate-700",
  info: "bg-sky-100 text-sky-800",
  warn: "bg-amber-100 text-amber-800",
  error: "bg-red-100 text-red-800",
  fatal: "bg-red-600 text-white",
};

const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

/** The entry's other fields, one line: "method=GET url=/api/x status=200". */
function contextLine(context: Record<string, unknown>): string {
  return Object.entries(context)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
}

function LevelBadge({ level }: { level: LogLevel }) {
  return (
    <span
      className={cn(
        "inline-flex rounded px-1.5 py-0.5 font-mono text-xs font-semibold uppercase",
        LEVEL_TONE[level],
      )}
    >
      {level}
    </span>
  );
}

function LogTable({ entries }: { entries: LogEntry[] }) {
  return (
    <AdminTable
      label="Log entries"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        { label: "Level", cell: (entry) => <LevelBadge level={entry.level} /> },
        {
          label: "Time",
          className: "whitespace-nowrap",
          cell: (entry) => <time dateTime={entry.time}>{formatTime(entry.time)}</time>,
        },
        {
          label: "Message",
          className: "sm:max-w-xl sm:whitespace-normal",
          cell: (entry) => {
            const context = contextLine(entry.context);
            return (
              <div className="min-w-0">
                <div className="break-words">{entry.message}</div>
                {context ? (
                  <div className="mt-0.5 font-mono text-xs break-all text-slate-500">{context}</div>
                ) : null}
              </div>
            );
          },
        },
        {
          label: "Request ID",
          className: "font-mono text-xs",
          cell: (entry) => entry.requestId ?? "—",
        },
        {
          label: "Instance",
          className: "font-mono text-xs",
          cell: (entry) => (
            <span title={entry.instanceId}>{shortInstanceId(entry.instanceId)}</span>
          ),
        },
      ]}
    />
  );
}

const ACTION_LABELS: Record<string, string> = {
  "user.admin.grant": "Granted administrator",
  "user.admin.revoke": "Withdrew administrator",
  "user.delete": "Deleted user",
  "analyses.delete": "Deleted analyses",
  "analysis.delete": "Deleted an analysis",
  "settings.update": "Changed settings",
  "api-key.save": "Saved API key",
  "api-key.delete": "Removed API key",
  "api-key.test": "Tested API key",
  "payment.refund": "Refunded payment",
};

function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return "";
  if (typeof detail === "string") return detail;
  return JSON.stringify(detail);
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <AdminTable
      label="Audit trail entries"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={[
        {
          label: "Time",
          className: "whitespace-nowrap",
          cell: (entry) => (
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          ),
        },
        {
          label: "Administrator",
          cell: (entry) => entry.actorEmail ?? entry.actorId ?? "System",
        },
        {
          label: "Action",
          cell: (entry) => (
            <div>
              {ACTION_LABELS[entry.action] ?? entry.action}
              <div className="font-mono text-xs text-slate-500">{entry.action}</div>
            </div>
          ),
        },
        {
          label: "Target",
          className: "text-xs",
          cell: (entry) => (
            <div className="min-w-0">
              {entry.targetType}
              {entry.targetId ? (
                <span className="block font-mono break-all text-slate-500">{entry.targetId}</span>
              ) : null}
            </div>
          ),
        },
        {
          label: "Detail",
          className: "font-mono text-xs break-all sm:max-w-md sm:whitespace-normal",
          cell: (entry) => detailText(entry.detail),
        },
      ]}
    />
  );
}

/** The Server Logs view's filters: kept by the tab while the audit trail is shown. */
export interface LogFilters {
  level: LogLevel | "all";
  autoRefresh: boolean;
}

export function ServerLogs({
  filters,
  onFiltersChange,
}: {
  filters: LogFilters;
  onFiltersChange: (filters: LogFilters) => void;
}) {
  const autoId = useId();
  const { level, autoRefresh } = filters;
  const setLevel = (next: LogLevel | "all") => onFiltersChange({ ...filters, level: next });
  const setAutoRefresh = (next: boolean) => onFiltersChange({ ...filters, autoRefresh: next });
  const logs = useAdminLogs(level, autoRefresh);

  return (
    <PanelSection
      title="Server Logs"
      description="Entries of every server instance, newest first."
      actions={
        <>
          <FilterSelect
            label="Level"
            value={level}
            onChange={setLevel}
            className="w-36"
            options={[
              { value: "all", label: "All levels" },
              ...LOG_LEVELS.map((l) => ({ value: l, label: `${l} and above` })),
            ]}
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id={autoId}
              checked={autoRefresh}
              onChange={(event) => setAutoRefresh(event.target.checked)}
            />
            <Label htmlFor={autoId} className="whitespace-nowrap">
              Auto-refresh ({LOGS_REFRESH_MS / 1000} s)
            </Label>
          </div>
          <RefreshButton query={logs} />
        </>
      }
    >
      <QueryStates
        query={logs}
        noun="log entries"
        loading="Loading log entries..."
        failed="Failed to load the logs"
        empty={
          level === "all" ? "No log entries yet." : `No log entries at level ${level} or above.`
        }
      >
        {(entries) => <LogTable entries={entries} />}
      </QueryStates>
    </PanelSection>
  );
}

export function AuditTrail() {
  const audit = useAdminAudit();
  return (
    <PanelSection
      title="Audit Trail"
      description="Who changed whose admin flag, deleted whom or what, changed which setting or key, and when."
      actions={<RefreshButton query={audit} />}
    >
      <QueryStates
        query={audit}
        noun="audit entries"
        loading="Loading the audit trail..."
        failed="Failed to load the audit trail"
        empty="No administrative changes have been recorded yet."
      >
        {(entries) => <AuditTable entries={entries} />}
      </QueryStates>
    </PanelSection>
  );
}

const LOG_VIEWS = [
  { value: "logs", label: "Server Logs" },
  { value: "audit", label: "Audit Trail" },
] as const;

type LogView = (typeof LOG_VIEWS)[number]["value"];
const VIEW_VALUES = LOG_VIEWS.map((v) => v.value);

export function LogsTab() {
  const [view, select] = useParamChoice<LogView>("view", VIEW_VALUES);
  const [filters, setFilters] = useState<LogFilters>({ level: "all", autoRefresh: false });

  return (
    <Tabs label="Log views" items={LOG_VIEWS} value={view} onValueChange={select}>
      {view === "logs" ? <ServerLogs filters={filters} onFiltersChange={setFilters} /> : null}
      {view === "audit" ? <AuditTrail /> : null}
    </Tabs>
  );
}
