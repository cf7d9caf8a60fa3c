/**
 * /admin — the Administration Panel of the specification.
 *
 * The route is open to any signed-in user; the role is checked here (and, in BIS, by the server
 * on every admin call). A non-administrator gets "Access Denied" and goes home after 1 s and
 * never sees admin data; an admin call refused with 401 means the session expired
 * ("Session expired. Redirecting to login..." then sign-in after 0.5 s), with 403 that the user
 * is no longer an administrator (Access Denied again). See hooks/use-admin.ts.
 *
 * Four summary cards (refreshed every 60 s), then the specification's seven tabs and BIS's
 * Partners (the widget); the open tab is kept in the address (?tab=…) so that a
 * reload or a shared link opens the same one.
 */
import { ADMIN_MESSAGES, ADMIN_TAB_COUNT, type User } from "@bis/sdk";
import {
  ChartPie,
  Handshake,
  KeyRound,
  type LucideIcon,
  ScrollText,
  Search,
  Server,
  Settings,
  ShieldAlert,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { AnalysesTab } from "../components/admin/analyses-tab";
import { ApiKeysTab } from "../components/admin/api-keys-tab";
import { DeliverablesNotice } from "../components/admin/deliverables";
import { LogsTab } from "../components/admin/logs-tab";
import { PartnersTab } from "../components/admin/partners-tab";
import { SearchesTab } from "../components/admin/searches-tab";
import { SettingsTab } from "../components/admin/settings-tab";
import { SummaryCards } from "../components/admin/summary-cards";
import { SystemTab } from "../components/admin/system-tab";
import { UsersTab } from "../components/admin/users-tab";
import { PageShell } from "../components/page-shell";
import { MessageCard } from "../components/ui/message-card";
import { type TabItem, Tabs } from "../components/ui/tabs";
import { AdminGateContext, useAdminGateState } from "../hooks/use-admin-gate";
import { useDocumentTitle } from "../hooks/use-document-title";
import { useParamChoice } from "../hooks/use-param-choice";

/** A tab of the panel: its value in the address, its label and its icon. */
function adminTab<const Value extends string>(
  value: Value,
  label: string,
  Icon: LucideIcon,
): TabItem<Value> & { label: string } {
  return { value, label, icon: <Icon className="size-4" aria-hidden="true" /> };
}

export const ADMIN_TABS = [
  adminTab("users", "User Management", Users),
  adminTab("searches", "Past Searches", Search),
  adminTab("analyses", "Analyses", ChartPie),
  adminTab("system", "System", Server),
  adminTab("api-keys", "API Keys", KeyRound),
  adminTab("settings", "Settings", Settings),
  adminTab("logs", "Logs", ScrollText),
] as const;

// The specification's seven tabs, no more and no fewer.
if (ADMIN_TABS.length !== ADMIN_TAB_COUNT) throw new Error("The admin panel has seven tabs");

/** Tabs BIS adds after the specification's seven: the widget's partners. */
export const EXTRA_ADMIN_TABS = [adminTab("partners", "Partners", Handshake)] as const;

const ALL_ADMIN_TABS = [...ADMIN_TABS, ...EXTRA_ADMIN_TABS];
const TAB_VALUES = ALL_ADMIN_TABS.map((tab) => tab.value);

export type AdminTab = (typeof ALL_ADMIN_TABS)[number]["value"];

const BACK_HOME = { to: "/", label: "Back" };

function AdminTabs({ me }: { me: User }) {
  // What a tab keeps in the address (the Logs tab's view) is dropped on leaving it.
  const [tab, select] = useParamChoice<AdminTab>("tab", TAB_VALUES, { clearOthers: true });

  return (
    <Tabs label="Administration" items={ALL_ADMIN_TABS} value={tab} onValueChange={select}>
      {tab === "users" ? <UsersTab me={me} /> : null}
      {tab === "searches" ? <SearchesTab /> : null}
      {tab === "analyses" ? <AnalysesTab /> : null}
      {tab === "system" ? <SystemTab /> : null}
      {tab === "api-keys" ? <ApiKeysTab /> : null}
      {tab === "settings" ? <SettingsTab /> : null}
      {tab === "logs" ? <LogsTab /> : null}
      {tab === "partners" ? <PartnersTab /> : null}
    </Tabs>
  );
}

/** What a non-administrator sees for the second before going home. */
export function AccessDeniedCard() {
  return (
    <MessageCard icon={ShieldAlert} title="Access Denied" headingLevel="h2">
      {ADMIN_MESSAGES.forbidden} Taking you back to the dashboard...
    </MessageCard>
  );
}

export function AdminPage({ user }: { user: User }) {
  useDocumentTitle("Administration Panel");
  const gate = useAdminGateState();
  const { denyAccess } = gate;

  useEffect(() => {
    if (!user.isAdmin) denyAccess();
  }, [user.isAdmin, denyAccess]);

  return (
    <PageShell
      title="Administration Panel"
      description="Users, analyses, payments, settings, keys and the health of this BIS installation."
      back={BACK_HOME}
      width="wide"
    >
      {user.isAdmin ? (
        <AdminGateContext.Provider value={gate}>
          <DeliverablesNotice />
          <SummaryCards />
          <AdminTabs me={user} />
        </AdminGateContext.Provider>
      ) : (
        <AccessDeniedCard />
      )}
    </PageShell>
  );
}
