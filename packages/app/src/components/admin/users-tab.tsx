/**
 * User Management (a tab of the specification's admin panel): every user, their admin flag and deletion. Both changes ask
 * for a browser confirmation first; the deletion's lists what goes (the account, its analyses
 * and its payments). An administrator cannot change their own admin flag nor delete themselves:
 * both controls are disabled on their own row, with the reason next to them (the server refuses
 * it as well).
 */
import { ADMIN_MESSAGES, type AdminUser, type User } from "@bis/sdk";
import { Trash2 } from "lucide-react";
import {
  useAdminAllPayments,
  useAdminUsers,
  useDeleteUser,
  useSetAdmin,
} from "../../hooks/use-admin";
import { cn } from "../../lib/cn";
import { fullName } from "../../lib/display-name";
import { formatDate } from "../../lib/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { AdminTable } from "./admin-table";
import { PanelSection, QueryStates } from "./panel-states";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The text of the browser confirmation before a user is deleted. */
export function deleteUserConfirmation(user: AdminUser, paymentCount: number | undefined): string {
  return [
    `Delete the user ${user.email}?`,
    "",
    "This permanently removes:",
    `• the account ${user.email} and its sessions`,
    `• ${plural(user.analysisCount, "analysis", "analyses")}`,
    paymentCount === undefined
      ? "• all of their payments"
      : `• ${plural(paymentCount, "payment", "payments")}`,
    "",
    "This cannot be undone.",
  ].join("\n");
}

function AdminSwitch({
  user,
  self,
  pending,
  onToggle,
}: {
  user: AdminUser;
  self: boolean;
  pending: boolean;
  onToggle: () => void;
}) {
  const noteId = `admin-note-${user.id}`;
  return (
    <div className="flex flex-col items-start gap-1 max-sm:items-end">
      <button
        type="button"
        role="switch"
        aria-checked={user.isAdmin}
        aria-label={`Administrator: ${user.email}`}
        aria-describedby={self ? noteId : undefined}
        disabled={self || pending}
        aria-busy={pending || undefined}
        onClick={onToggle}
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
          "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2",
          "disabled:cursor-not-allowed disabled:opacity-50",
          user.isAdmin ? "bg-brand-700" : "bg-slate-300",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow transition-transform",
            user.isAdmin ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </button>
      {self ? (
        <p id={noteId} className="max-w-48 text-xs whitespace-normal text-slate-500">
          {ADMIN_MESSAGES.ownAdminStatus}
        </p>
      ) : null}
    </div>
  );
}

export function UsersTab({ me }: { me: User }) {
  const users = useAdminUsers();
  const payments = useAdminAllPayments();
  const setAdmin = useSetAdmin();
  const deleteUser = useDeleteUser();

  function toggleAdmin(user: AdminUser) {
    if (user.id === me.id) return;
    const next = !user.isAdmin;
    const question = next
      ? `Make ${user.email} an administrator? They will be able to manage users, analyses, settings and API keys.`
      : `Remove administrator privileges from ${user.email}?`;
    if (!window.confirm(question)) return;
    setAdmin.mutate({ userId: user.id, isAdmin: next, email: user.email });
  }

  function remove(user: AdminUser) {
    if (user.id === me.id) return;
    const paymentCount = payments.data?.filter((p) => p.userId === user.id).length;
    if (!window.confirm(deleteUserConfirmation(user, paymentCount))) return;
    deleteUser.mutate(user.id);
  }

  return (
    <PanelSection
      title="User Management"
      description="Grant or withdraw administrator access and delete accounts. You cannot change your own admin status or delete yourself."
    >
      <QueryStates
        query={users}
        noun="users"
        loading="Loading users..."
        failed="Failed to load users"
        empty="No users yet."
      >
        {(list) => (
          <AdminTable
            label="Users"
            rows={list}
            rowKey={(user) => user.id}
            columns={[
              {
                label: "User",
                rowHeader: true,
                cell: (user) => {
                  const name = fullName(user);
                  return (
                    <>
                      <div>
                        {name === "Not provided" ? user.email : name}
                        {user.id === me.id ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>
                        ) : null}
                      </div>
                      <div className="text-xs font-normal break-all text-slate-500">
                        {user.email}
                        {user.emailVerified ? "" : " · not verified"}
                      </div>
                    </>
                  );
                },
              },
              {
                label: "Role",
                cell: (user) => (
                  <Badge tone={user.isAdmin ? "brand" : "neutral"}>
                    {user.isAdmin ? "Administrator" : "Standard User"}
                  </Badge>
                ),
              },
              { label: "Analyses", cell: (user) => user.analysisCount },
              { label: "Joined", cell: (user) => formatDate(user.createdAt) },
              {
                label: "Administrator",
                cell: (user) => (
                  <AdminSwitch
                    user={user}
                    self={user.id === me.id}
                    pending={setAdmin.isPending && setAdmin.variables?.userId === user.id}
                    onToggle={() => toggleAdmin(user)}
                  />
                ),
              },
              {
                label: "Actions",
                hideLabel: true,
                cell: (user) => (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Delete ${user.email}`}
                    title={user.id === me.id ? ADMIN_MESSAGES.deleteSelf : undefined}
                    disabled={user.id === me.id}
                    pending={deleteUser.isPending && deleteUser.variables === user.id}
                    onClick={() => remove(user)}
                    className="text-red-700"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryStates>
    </PanelSection>
  );
}
