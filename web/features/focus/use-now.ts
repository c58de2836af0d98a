import { useEffect, useState } from "react";

/** docs/product.md#other-constants: the display ticks every 500 ms. The tick only redraws; time comes from instants. */
export const TICK_MS = 500;

/** This device's clock, refreshed every tick while `running`. */
export function useNow(running: boolean, everyMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [running, everyMs]);
  return now;
}
