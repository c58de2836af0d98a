import "./zod-csp";
import { getAuthToken } from "./api/client";
import { loadLandingPage, startSignedInApp } from "./first-screen";

// A second, tiny entry that index.html runs before the main one (the build puts it there, see
// vite.config.ts). With a session, the first screen's requests and code start now, side by side with
// the main bundle (react-dom), instead of after it has downloaded and run; without one, "/" is the
// landing page, whose code then arrives before the main bundle has (web/main.tsx).
if (getAuthToken()) startSignedInApp(window.location.pathname);
else if (window.location.pathname === "/") void loadLandingPage();
