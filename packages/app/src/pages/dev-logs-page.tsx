import type { User } from "@bis/sdk";
import { LogsTab } from "../components/admin/logs-tab";
import { PageShell } from "../components/page-shell";
import { AdminGateContext, useAdminGateState } from "../hooks/use-admin-gate";
import { useDocumentTitle } from "../hooks/use-document-title";
import { DEV_SCREENS, DevOnlyMessage } from "./dev-only-page";

/** /logs in development, signed in: the message, then the Logs tab for administrators only. */
export function DevLogsPage({ user }: { user: User }) {
  useDocumentTitle(DEV_SCREENS.logs.title);
  const gate = useAdminGateState();
  return (
    <PageShell width="wide">
      <DevOnlyMessage screen="logs" />
      {user.isAdmin ? (
        <AdminGateContext.Provider value={gate}>
          <LogsTab />
        </AdminGateContext.Provider>
      ) : null}
    </PageShell>
  );
}
