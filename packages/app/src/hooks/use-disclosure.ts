import { useCallback, useEffect, useRef, useState } from "react";

/**
 * An open/closed section whose opening control disappears while it is open (Edit Profile,
 * Change Password). When the section closes, keyboard focus goes back to that control.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!open && wasOpen.current) triggerRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, show, hide, triggerRef };
}
