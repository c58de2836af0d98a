/**
 * Marks the page once a key that only a keyboard has is pressed (Tab, an arrow, Escape), so the
 * keyboard hints show on a tablet with a keyboard too (web/styles.css .keyboard-hint,
 * docs/decisions/153-everyday-details.md). Typing on a phone's on-screen keyboard does not count.
 */
const KEYBOARD_ONLY = /^(Tab|Escape|Arrow(Up|Down|Left|Right))$/;

export function watchKeyboardUse() {
  const onKey = (event: KeyboardEvent) => {
    if (!KEYBOARD_ONLY.test(event.key)) return;
    document.documentElement.dataset.keyboardUsed = "";
    window.removeEventListener("keydown", onKey, true);
  };
  window.addEventListener("keydown", onKey, true);
}
