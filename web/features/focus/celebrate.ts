// What happens around the end of a session besides the screen: confetti, a short sound and a
// browser notification. None of them is essential, so each fails quietly.

/** docs/product.md#other-constants: about 4 s, 400 pieces, gravity 0.2, 5 colours, no recycling. */
export const CONFETTI = {
  durationMs: 4000,
  pieces: 400,
  gravity: 0.2,
  colors: ["#4f46e5", "#22c55e", "#f59e0b", "#ec4899", "#06b6d4"],
} as const;

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** One burst whose pieces live about 4 s (ticks are animation frames at ~60 per second). */
export async function launchConfetti(): Promise<void> {
  if (prefersReducedMotion()) return;
  try {
    // Loaded on demand: only people who finish a session download it.
    const { default: confetti } = await import("canvas-confetti");
    // Our own canvas and no worker: the library's default draws in a worker made from a blob
    // URL, which the Content-Security-Policy (script-src 'self') rightly refuses.
    const canvas = document.createElement("canvas");
    canvas.setAttribute("aria-hidden", "true");
    Object.assign(canvas.style, {
      position: "fixed",
      inset: "0",
      width: "100%",
      height: "100%",
      pointerEvents: "none",
      zIndex: "100",
    });
    document.body.append(canvas);
    const fire = confetti.create(canvas, { resize: true, useWorker: false });
    await fire({
      particleCount: CONFETTI.pieces,
      gravity: CONFETTI.gravity,
      ticks: Math.round((CONFETTI.durationMs / 1000) * 60),
      spread: 120,
      startVelocity: 35,
      origin: { x: 0.5, y: 0.35 },
      colors: [...CONFETTI.colors],
      disableForReducedMotion: true,
    });
    canvas.remove();
  } catch {
    // No canvas (very old browser or blocked): the "Great job!" screen says it all.
  }
}

/** Two soft beeps made with WebAudio (no sound file to download). */
export function playChime(): void {
  try {
    const Context = window.AudioContext;
    if (!Context) return;
    const audio = new Context();
    const start = audio.currentTime + 0.05;
    for (const [offset, frequency] of [
      [0, 880],
      [0.28, 1175],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // Audio blocked or unavailable.
  }
}

export function canNotify(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/** Only from a click: browsers (and people) dislike permission prompts on page load. */
export async function askNotificationPermission(): Promise<NotificationPermission> {
  if (!canNotify()) return "denied";
  return Notification.requestPermission();
}

export function notifySessionEnded(title: string, body: string, tag: string): void {
  if (!canNotify() || Notification.permission !== "granted") return;
  try {
    // The tag collapses the notifications of several open tabs into one.
    new Notification(title, { body, tag, icon: "/favicon.svg" });
  } catch {
    // Some mobile browsers only allow notifications from a service worker.
  }
}

const ALERTED_KEY = "focus_alerted";

/**
 * True for the first tab that claims the end of this run: with several tabs open only one of
 * them plays the sound (localStorage is shared by the tabs of one origin).
 */
export function claimEndAlert(runId: string): boolean {
  try {
    if (localStorage.getItem(ALERTED_KEY) === runId) return false;
    localStorage.setItem(ALERTED_KEY, runId);
  } catch {
    // No storage: every tab alerts, which is better than none.
  }
  return true;
}
