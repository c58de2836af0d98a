import { z } from "zod";

// zod compiles fast object parsers with `new Function`, which the Content-Security-Policy
// (script-src 'self', no 'unsafe-eval') forbids: run it without code generation. Imported first
// in main.tsx so no schema is parsed before.
z.config({ jitless: true });
