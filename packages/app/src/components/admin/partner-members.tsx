/**
 * The users under a partner's brand and the widget sign-ups asking to be: a pending request
 * gets no brand until an administrator confirms it (the public widget key alone must not hand
 * out a partner's brand); declining removes it.
 * Paginated like the other admin lists, pending requests first.
 */
import type { Partner, PartnerMember } from "@bis/sdk";
import { useState } from "react";
import { useAdminChange, usePartnerMembers } from "../../hooks/use-admin";
import { toast } from "../../hooks/use-toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/format";
import { Button } from "../ui/button";
import { InputField } from "../ui/form-field";
import { QueryStates } from "./panel-states";

const SOURCE_LABEL: Record<PartnerMember["source"], string> = {
  widget: "Registered through the widget",
  admin: "Assigned by an administrator",
};

function MemberRow({
  member,
  onConfirm,
  onRemove,
}: {
  member: PartnerMember;
  onConfirm: (member: PartnerMember) => void;
  onRemove: (member: PartnerMember) => void;
}) {
  const pending = member.status === "pending";
  return (
    <li className="flex flex-wrap items-center gap-3 py-2">
      <span className="break-all">{member.email}</span>
      <span className="text-xs text-slate-500">
        {pending ? "Asked to join through the widget" : SOURCE_LABEL[member.source]} ·{" "}
        {formatDate(member.assignedAt)}
      </span>
      {pending ? (
        <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          Pending: no brand yet
        </span>
      ) : null}
      <span className="ml-auto flex gap-2">
        {pending ? (
          <Button
            size="sm"
            aria-label={`Confirm ${member.email}`}
            onClick={() => onConfirm(member)}
          >
            Confirm
          </Button>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          aria-label={`${pending ? "Decline" : "Unassign"} ${member.email}`}
          onClick={() => onRemove(member)}
        >
          {pending ? "Decline" : "Unassign"}
        </Button>
      </span>
    </li>
  );
}

export function PartnerMembers({ partner }: { partner: Partner }) {
  const members = usePartnerMembers(partner.id);
  const [email, setEmail] = useState("");
  const assign = useAdminChange(
    "Failed to assign user",
    (address: string) => api.admin.assignPartnerMember(partner.id, address),
    (member) => {
      toast({ title: "Success", description: `${member.email} reports under ${partner.name}` });
      setEmail("");
    },
  );
  const confirm = useAdminChange(
    "Failed to confirm user",
    (member: PartnerMember) => api.admin.confirmPartnerMember(partner.id, member.userId),
    (member) =>
      toast({ title: "Success", description: `${member.email} reports under ${partner.name}` }),
  );
  const remove = useAdminChange(
    "Failed to unassign user",
    (member: PartnerMember) => api.admin.unassignPartnerMember(partner.id, member.userId),
    (_result, member) =>
      toast({
        title: "Success",
        description:
          member.status === "pending"
            ? `Declined ${member.email}'s request to join ${partner.name}`
            : `${member.email} no longer reports under ${partner.name}`,
      }),
  );
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">Users under this brand</h3>
      <p className="text-sm text-slate-500">
        Users who register through the partner's widget ask to join: confirm those you know belong
        to the partner. Until then their reports carry BIS's own brand.
      </p>
      <QueryStates
        query={members}
        noun="users"
        loading="Loading users..."
        failed="Failed to load users"
        empty="No users yet."
      >
        {(list) => (
          <ul aria-label={`Users of ${partner.name}`} className="divide-y divide-slate-200 text-sm">
            {list.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                onConfirm={(m) => confirm.mutate(m)}
                onRemove={(m) => remove.mutate(m)}
              />
            ))}
          </ul>
        )}
      </QueryStates>
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label={`Assign a user to ${partner.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          assign.mutate(email);
        }}
      >
        <InputField
          label="User's email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="secondary" pending={assign.isPending}>
          Assign user
        </Button>
      </form>
    </div>
  );
}
