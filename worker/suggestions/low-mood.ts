/**
 * A prompt about low mood gets gentle, humane steps, one of them talking to someone, and never
 * productivity advice (docs/decisions/200-embedded-generator-honest.md). Words of crisis get the
 * way to urgent help first.
 */

const CRISIS =
  /\b(?:kill myself|end (?:it all|my life)|suicid\w*|self[- ]harm\w*|hurt myself|don'?t want to (?:be here|live|wake up)|no reason to live|better off without me)\b/i;

const LOW_MOOD =
  /\b(?:pointless|hopeless|worthless|empty inside|numb|depress\w*|lonely|loneliness|isolated|heart ?broken|break ?up|broke up|grie(?:f|ving)|miserable|can'?t (?:be bothered|cope|stop crying)|barely (?:get|getting) out of bed|can'?t get out of bed|(?:feel|feeling|felt|been) (?:so |really |very )?(?:low|down|sad|awful|terrible|rubbish|crap|empty|flat|blue)|no motivation|(?:everything|life) (?:feels|is|seems) (?:pointless|too much|meaningless|grey|gray))\b/i;

/** Whether the prompt is about how the person feels, low, rather than something to get done. */
export function isLowMood(text: string): boolean {
  return CRISIS.test(text) || LOW_MOOD.test(text);
}

/** Small, kind steps, the person in charge of them; talking to someone first. */
export function gentleSteps(text: string): string[] {
  const steps = [
    "Tell a friend or family member how you really feel",
    "Drink a glass of water and eat something small",
    "Step outside for five minutes of daylight",
    "Talk to your doctor about how you have been feeling",
    "Do one small thing that used to feel good",
  ];
  if (CRISIS.test(text)) {
    return [
      "Call a crisis line or emergency services now",
      "Tell someone you trust how you feel today",
      ...steps.slice(1, 4),
    ];
  }
  return steps;
}
