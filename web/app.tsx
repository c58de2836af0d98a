import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import type { EarlyRequests } from "./api/early-requests";
import { createQueryClient } from "./api/query-client";
import { AppRoutes } from "./router";
import { NavigationProvider } from "./shell/navigation";

/** The whole app: navigation, data layer and every screen (loaded after the first paint bundle). */
export function renderApp(root: Root, early: EarlyRequests = []) {
  const queryClient = createQueryClient();
  for (const { key, promise } of early) void queryClient.prefetchQuery({ queryKey: key, queryFn: () => promise });
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider>
          <AppRoutes />
        </NavigationProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
