import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { useDisclosure } from "../../hooks/use-disclosure";
import { Button } from "../ui/button";
import { CardDescription, CardHeader, CardTitle } from "../ui/card";

/** A profile card's title with its icon, its description, and its action on the right. */
export function SettingsCardHeader({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
}) {
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 space-y-0">
      <div className="space-y-1.5">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-brand-700" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </div>
      {action}
    </CardHeader>
  );
}

/**
 * The button that opens a card's form: gone while the form is open (or while `hidden`), and
 * focused again when it closes (`useDisclosure`).
 */
export function OpenFormButton({
  disclosure,
  hidden = false,
  children,
}: {
  disclosure: ReturnType<typeof useDisclosure>;
  hidden?: boolean;
  children: ReactNode;
}) {
  if (disclosure.open || hidden) return null;
  return (
    <Button ref={disclosure.triggerRef} variant="outline" size="sm" onClick={disclosure.show}>
      {children}
    </Button>
  );
}
