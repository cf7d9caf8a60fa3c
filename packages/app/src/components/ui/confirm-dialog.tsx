/**
 * A modal confirmation before something that cannot be undone: the native `<dialog>` opened
 * with `showModal()` (the page behind is inert, focus stays inside), an alertdialog with a
 * title and a description, focus on Cancel first (the safe choice), Escape or Cancel to back
 * out; focus returns to the control that opened it, or to `returnFocus` when that control is
 * gone (the row just deleted).
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { Button } from "./button";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  title: string;
  /** What will happen, and any warning. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the opener is no longer on the page. */
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const opener = openerRef.current;
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
      else returnFocus?.current?.focus();
    }
  }, [open, returnFocus]);

  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape: the browser's cancel request; kept in React's hands so `open` stays the truth.
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          if (!pending) onCancel();
        }
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <div className="space-y-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            {title}
          </h2>
          <div id={descriptionId} className="space-y-3 text-sm text-slate-700">
            {children}
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={onConfirm}
              pending={pending}
              pendingLabel={pendingLabel}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
