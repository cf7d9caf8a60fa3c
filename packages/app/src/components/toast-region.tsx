/**
 * The toast region, loaded with the first toast: Radix Toast and the toast UI (about 12 KB
 * gzipped) stay out of the first load. Toasts are shown through the store (hooks/use-toast.ts)
 * from anywhere, at any time; a toast shown before the region's chunk arrives waits in the
 * store and opens as soon as it has (its duration counts from then). The region is mounted
 * once a toast has been shown or its code is loaded (component tests preload it), and then
 * stays: F8 focuses it, as Radix provides.
 */
import { Suspense, useSyncExternalStore } from "react";
import { toastStore } from "../hooks/use-toast";
import { lazyComponent } from "../lib/lazy-component";

const Toaster = lazyComponent(() => import("./ui/toaster").then((m) => m.Toaster));

/** Loads the region now (component tests: a toast then shows in the same render). */
export const preloadToastRegion = Toaster.preload;

let needed = false;
/** Whether the region is needed: a toast has been shown, or its code is here (it stays true). */
function isNeeded(): boolean {
  needed ||= Toaster.isLoaded() || toastStore.getState().toasts.length > 0;
  return needed;
}

export function ToastRegion() {
  const mounted = useSyncExternalStore(toastStore.subscribe, isNeeded, isNeeded);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
