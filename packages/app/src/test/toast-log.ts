/**
 * Records every toast as it is added, with the clock's time then (fake timers fake the clock
 * too), so a test can check the order, the texts and the delay between two toasts.
 */
import { type ToastItem, toastStore } from "../hooks/use-toast";

export interface LoggedToast {
  title: string;
  description: string;
  variant: ToastItem["variant"];
  duration: number | undefined;
  at: number;
}

export function recordToasts() {
  const log: LoggedToast[] = [];
  let newest = toastStore.getState().toasts[0]?.id;
  const stop = toastStore.subscribe(() => {
    const toast = toastStore.getState().toasts[0];
    if (!toast || toast.id === newest) return;
    newest = toast.id;
    log.push({
      title: String(toast.title ?? ""),
      description: String(toast.description ?? ""),
      variant: toast.variant,
      duration: toast.duration,
      at: Date.now(),
    });
  });
  return { log, stop, titles: () => log.map((t) => t.title) };
}
