import { TOAST } from "@bis/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastStore, type ToastItem, toastReducer } from "./use-toast";

const item = (id: string, open = true): ToastItem => ({ id, title: `Toast ${id}`, open });

describe("toastReducer", () => {
  it("keeps only the newest toast (TOAST.limit = 1)", () => {
    expect(TOAST.limit).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: item("1") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: item("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("honours a larger limit, newest first", () => {
    let state = { toasts: [] as ToastItem[] };
    for (const id of ["1", "2", "3", "4"]) {
      state = toastReducer(state, { type: "ADD_TOAST", toast: item(id) }, 3);
    }
    expect(state.toasts.map((t) => t.id)).toEqual(["4", "3", "2"]);
  });

  it("dismisses one toast or all of them by closing, not removing", () => {
    const start = { toasts: [item("2"), item("1")] };
    const one = toastReducer(start, { type: "DISMISS_TOAST", toastId: "1" }, 5);
    expect(one.toasts.map((t) => [t.id, t.open])).toEqual([
      ["2", true],
      ["1", false],
    ]);
    const all = toastReducer(start, { type: "DISMISS_TOAST" }, 5);
    expect(all.toasts.every((t) => !t.open)).toBe(true);
    expect(all.toasts).toHaveLength(2);
  });

  it("removes one toast or all of them", () => {
    const start = { toasts: [item("2"), item("1")] };
    expect(toastReducer(start, { type: "REMOVE_TOAST", toastId: "2" }).toasts).toEqual([item("1")]);
    expect(toastReducer(start, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });

  it("updates a toast in place", () => {
    const state = toastReducer(
      { toasts: [item("1")] },
      { type: "UPDATE_TOAST", toast: { id: "1", title: "Changed" } },
    );
    expect(state.toasts[0]).toMatchObject({ id: "1", title: "Changed", open: true });
  });
});

describe("createToastStore", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("removes a dismissed toast after TOAST.removeDelayMs (1,000,000 ms), not before", () => {
    const store = createToastStore();
    const handle = store.toast({ title: "Logged out" });
    handle.dismiss();
    expect(store.getState().toasts).toEqual([expect.objectContaining({ open: false })]);

    vi.advanceTimersByTime(TOAST.removeDelayMs - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toEqual([]);
  });

  it("drops the removal timer of a toast pushed out by a newer one", () => {
    const store = createToastStore();
    store.toast({ title: "First" }).dismiss();
    expect(vi.getTimerCount()).toBe(1);
    store.toast({ title: "Second" });
    expect(vi.getTimerCount()).toBe(0);
    expect(store.getState().toasts.map((t) => t.title)).toEqual(["Second"]);
  });

  it("notifies subscribers and stops after unsubscribe", () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.toast({ title: "One" });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.toast({ title: "Two" });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("gives each toast its own id and lets a handle update it", () => {
    const store = createToastStore({ limit: 2 });
    const a = store.toast({ title: "A" });
    const b = store.toast({ title: "B" });
    expect(a.id).not.toBe(b.id);
    a.update({ description: "more" });
    expect(store.getState().toasts.find((t) => t.id === a.id)?.description).toBe("more");
  });
});
