/**
 * The signed-in user's menu in the header: a button with the user's name that opens Profile,
 * Admin Panel (administrators only) and Sign Out — the menu button pattern of the WAI-ARIA
 * Authoring Practices. The button says whether the menu is open (`aria-expanded`); opening it
 * (click, Enter, Space, ↓) focuses the first item, ↑ the last; in the menu ↑/↓ move (wrapping),
 * Home/End jump, Escape closes and returns focus to the button, Tab closes and moves on, and a
 * click anywhere outside closes it.
 */
import type { User } from "@bis/sdk";
import { ChevronDown, LogOut, type LucideIcon, Shield, UserRound } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useSignOut } from "../hooks/use-auth";
import { cn } from "../lib/cn";
import { displayName } from "../lib/display-name";
import { buttonClasses } from "./ui/button";
import { Spinner } from "./ui/spinner";

interface MenuItem {
  label: string;
  icon: LucideIcon;
  /** A page to open, or an action to run. */
  to?: string;
  onSelect?: () => void;
}

const itemClasses =
  "flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 " +
  "hover:bg-slate-100 hover:text-slate-900 focus:bg-brand-50 focus:text-brand-900 focus:outline-none";

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

export function AccountMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  // Which item to focus once the menu has rendered: "first", "last", or none (closed by Tab).
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last">("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const name = displayName(user);

  const items: MenuItem[] = [
    { label: "Profile", icon: UserRound, to: "/profile" },
    ...(user.isAdmin ? [{ label: "Admin Panel", icon: Shield, to: "/admin" }] : []),
    { label: "Sign Out", icon: LogOut, onSelect: () => signOut.mutate() },
  ];

  function openMenu(focus: "first" | "last") {
    setFocusOnOpen(focus);
    setOpen(true);
  }

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  // Focus the first (or last) item once the menu is on screen.
  useEffect(() => {
    if (!open) return;
    const all = itemsOf(menuRef.current);
    (focusOnOpen === "last" ? all[all.length - 1] : all[0])?.focus();
  }, [open, focusOnOpen]);

  // A click or tap outside closes the menu (focus stays where the user put it).
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("mousedown", onPointerDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("mousedown", onPointerDown);
    };
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close({ returnFocus: true });
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = itemsOf(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(current + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(current - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        close({ returnFocus: true });
        break;
      case "Tab":
        // Focus moves on to the next control of the page; the menu closes behind it.
        setOpen(false);
        break;
      case " ":
        // Space activates a link item as Enter does (a button item does this by itself).
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        break;
      default: {
        // Typing a letter moves to the next item that starts with it.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) break;
        const letter = event.key.toLowerCase();
        const next = [...all.slice(current + 1), ...all.slice(0, current + 1)].find((item) =>
          item.textContent?.trim().toLowerCase().startsWith(letter),
        );
        next?.focus();
      }
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-busy={signOut.isPending || undefined}
        title={name === user.email ? undefined : user.email}
        onClick={() => (open ? close({ returnFocus: false }) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
        className={cn(
          buttonClasses({ variant: "outline", size: "sm" }),
          "max-w-[11rem] sm:max-w-xs",
        )}
      >
        {signOut.isPending ? (
          <Spinner size="sm" decorative />
        ) : (
          <UserRound className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
        )}
        <span className="min-w-0 truncate">{name}</span>
        <ChevronDown
          className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      {open ? (
        <div className="absolute right-0 z-50 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          <p className="border-b border-slate-100 px-3 pt-1.5 pb-2 text-xs text-slate-500">
            Signed in as{" "}
            <span className="block truncate font-medium text-slate-700">{user.email}</span>
          </p>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            tabIndex={-1}
            onKeyDown={onMenuKeyDown}
            className="pt-1"
          >
            {items.map(({ label, icon: Icon, to, onSelect }) =>
              to ? (
                <Link
                  key={label}
                  to={to}
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClasses}
                  onClick={() => setOpen(false)}
                >
                  <Icon className="size-4 text-slate-500" aria-hidden="true" />
                  {label}
                </Link>
              ) : (
                <button
                  key={label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={itemClasses}
                  onClick={() => {
                    setOpen(false);
                    buttonRef.current?.focus();
                    onSelect?.();
                  }}
                >
                  <Icon className="size-4 text-slate-500" aria-hidden="true" />
                  {label}
                </button>
              ),
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
