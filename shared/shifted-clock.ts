/**
 * Makes `Date` (now and `new Date()`) run `shiftMs` ahead in this runtime, its time still flowing;
 * once, however often it is called. The one way every clock of a placed test run is shifted: the
 * worker and unit suites' (tests/worker/suite-clock.ts), the browser suite's test processes and
 * pages (tests/e2e/run-clock.ts) and a browser-test build's Worker (worker/test-clock.ts); see
 * docs/decisions/236-suites-run-across-a-days-start.md and
 * docs/decisions/238-browser-suite-runs-across-a-days-start.md. Self-contained (no name from outside
 * its body), so a page can run it as an init script.
 */
export function shiftClock(shiftMs: number): void {
  const shiftedMark = Symbol.for("onething.suite-clock.shifted");
  const Real = globalThis.Date;
  if (!shiftMs || shiftedMark in Real) return;
  class ShiftedDate extends Real {
    // biome-ignore lint/suspicious/noExplicitAny: Date's own constructor takes any of its forms.
    constructor(...args: any[]) {
      if (args.length === 0) super(Real.now() + shiftMs);
      else super(...(args as [number]));
    }
    static override now() {
      return Real.now() + shiftMs;
    }
  }
  Object.defineProperty(ShiftedDate, shiftedMark, { value: true });
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}
