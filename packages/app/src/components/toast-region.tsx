/**
 * The toast region, loaded with the first toast: Radix Toast and the toast UI (about 12 KB
 * gzipped) stay out of the first load. Toasts are shown through the store (hooks/use-toast.ts)
 * from anywhere, at any time; a toast shown before the region's chunk arrives waits in the
 * store and opens as soon as it has (its duration counts from then). Once a toast has been
 * shown, the region stays mounted: F8 then focuses it, as Radix provides.
 */
import { Suspense, useSyncExternalStore } from "react";
import { toastStore } from "../hooks/use-toast";
import { lazyComponent } from "../lib/lazy-component";

const Toaster = lazyComponent(() => import("./ui/toaster").then((m) => m.Toaster));

/** Loads the region now (component tests: a toast then shows in the same render). */
export const preloadToastRegion = Toaster.preload;

let toastShown = false;
/** Whether a toast has been shown in this page's life (it stays true). */
function hasShownToast(): boolean {
  toastShown ||= toastStore.getState().toasts.length > 0;
  return toastShown;
}

export function ToastRegion() {
  const needed = useSyncExternalStore(toastStore.subscribe, hasShownToast, hasShownToast);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
