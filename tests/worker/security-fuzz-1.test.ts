import { fuzzRoutes } from "./security-fuzz";

// Part 1 of 2 of the route fuzzing (security-fuzz.ts); two files so the halves run in parallel.
fuzzRoutes(0, 2);
