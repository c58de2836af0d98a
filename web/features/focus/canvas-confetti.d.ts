// The part of canvas-confetti's API the focus screen uses (the package ships no types).
declare module "canvas-confetti" {
  type Options = {
    particleCount?: number;
    spread?: number;
    startVelocity?: number;
    gravity?: number;
    ticks?: number;
    origin?: { x?: number; y?: number };
    colors?: string[];
    disableForReducedMotion?: boolean;
    zIndex?: number;
  };
  type Fire = ((options?: Options) => Promise<void> | null) & { reset: () => void };
  const confetti: Fire & {
    create: (canvas: HTMLCanvasElement, options?: { resize?: boolean; useWorker?: boolean }) => Fire;
  };
  export default confetti;
}
