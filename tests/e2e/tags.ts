/**
 * Tests that need the whole Chromium rather than its headless shell: only the whole browser shows
 * notifications. playwright.config.ts runs them in their own project.
 */
export const NOTIFICATIONS = { tag: "@notifications" } as const;
