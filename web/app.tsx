import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createQueryClient } from "./api/query-client";
import { router } from "./router";

/** The whole app: router, data layer and every screen (loaded after the first paint bundle). */
export function renderApp(root: Root) {
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
