// The Lingui plugin compiles a .po catalog into a module of its messages (vite.config.ts).
declare module "*.po" {
  export const messages: import("@lingui/core").Messages;
}
