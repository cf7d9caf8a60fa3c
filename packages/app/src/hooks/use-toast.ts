/**
 * Toast state, shadcn-style: a reducer, a small store outside React, and a hook.
 *
 * As the specification has it: at most TOAST.limit toasts at once (the newest wins), a dismissed toast
 * is removed from the state TOAST.removeDelayMs after it closes, variants `default` and
 * `destructive`. The reducer is pure; the store owns the removal timers.
 */
import { TOAST } from "@bis/sdk";
import { type ReactNode, useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; the provider's default when omitted. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export interface ToastState {
  toasts: ToastItem[];
}

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToastItem }
  | { type: "UPDATE_TOAST"; toast: Partial<ToastItem> & { id: string } }
  /** Closes one toast, or all of them without an id. */
  | { type: "DISMISS_TOAST"; toastId?: string }
  /** Drops one toast from the state, or all of them without an id. */
  | { type: "REMOVE_TOAST"; toastId?: string };

export function toastReducer(
  state: ToastState,
  action: ToastAction,
  limit: number = TOAST.limit,
): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, limit) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

export interface ToastStoreOptions {
  limit?: number;
  removeDelayMs?: number;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (toast: ToastInput) => void;
}

export function createToastStore(options: ToastStoreOptions = {}) {
  const limit = options.limit ?? TOAST.limit;
  const removeDelayMs = options.removeDelayMs ?? TOAST.removeDelayMs;
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

  function dispatch(action: ToastAction): void {
    state = toastReducer(state, action, limit);
    // Timers of toasts that left the state (pushed out by the limit, or removed) are dropped.
    for (const [id, timer] of removeTimers) {
      if (!state.toasts.some((t) => t.id === id)) {
        clearTimeout(timer);
        removeTimers.delete(id);
      }
    }
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string): void {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      setTimeout(() => {
        removeTimers.delete(id);
        dispatch({ type: "REMOVE_TOAST", toastId: id });
      }, removeDelayMs),
    );
  }

  function dismiss(toastId?: string): void {
    const ids = toastId === undefined ? state.toasts.map((t) => t.id) : [toastId];
    for (const id of ids) scheduleRemoval(id);
    dispatch({ type: "DISMISS_TOAST", toastId });
  }

  function toast(input: ToastInput): ToastHandle {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (next) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } }),
    };
  }

  /** Drops every toast at once (tests, and a full reset). */
  function clear(): void {
    dispatch({ type: "REMOVE_TOAST" });
  }

  return {
    toast,
    dismiss,
    clear,
    getState: (): ToastState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toasts. */
export const toastStore = createToastStore();

/** Shows a toast from anywhere (components, hooks, mutation callbacks). */
export const toast = toastStore.toast;

export function useToast() {
  const state = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getState,
    toastStore.getState,
  );
  return { toasts: state.toasts, toast, dismiss: toastStore.dismiss };
}
