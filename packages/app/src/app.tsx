import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app-routes";
import { ScrollToTop } from "./components/scroll-to-top";
import { ToastRegion } from "./components/toast-region";
import { queryClient } from "./lib/api";

/** The whole app; tests pass their own QueryClient. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <ScrollToTop />
        <AppRoutes />
        <ToastRegion />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
