/** Signed-in devices: browser, system, when and where from; sign out the others. */
import { MonitorSmartphone } from "lucide-react";
import { useRevokeOtherSessions, useSessions } from "../../hooks/use-account";
import { formatDateTime } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { Spinner } from "../ui/spinner";
import { SettingsCardHeader } from "./settings-card-header";

export function SessionsCard() {
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Card>
      <SettingsCardHeader
        icon={MonitorSmartphone}
        title="Signed-in Devices"
        description="Where your account is signed in. Don't recognise one? Sign out everywhere else and change your password."
        action={
          <Button
            variant="outline"
            size="sm"
            onClick={() => revoke.mutate()}
            disabled={others === 0}
            pending={revoke.isPending}
            pendingLabel="Signing out..."
          >
            Sign out everywhere else
          </Button>
        }
      />
      <CardContent>
        {sessions.isPending ? (
          <Spinner label="Loading devices" />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Could not load your devices: {sessions.error.message}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Signed-in devices">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div>
                  <p className="font-medium text-slate-900">
                    {s.browser} on {s.os}{" "}
                    {s.current ? <Badge tone="success">This device</Badge> : null}
                  </p>
                  <p className="text-sm text-slate-500">
                    Signed in {formatDateTime(s.createdAt)} · last active{" "}
                    {formatDateTime(s.lastActiveAt)}
                    {s.ipAddress ? ` · from ${s.ipAddress}` : " · address unknown"}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
