import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { App } from "../app";
import { toastStore } from "../hooks/use-toast";
import { createQueryClient } from "../lib/api";

/** Renders the whole app at `path` with a fresh cache and no toasts. */
export function renderApp(path: string) {
  toastStore.clear();
  window.history.replaceState(null, "", path);
  const client = createQueryClient();
  const user = userEvent.setup();
  return { user, client, ...render(<App client={client} />) };
}
