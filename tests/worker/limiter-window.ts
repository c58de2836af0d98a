/**
 * The Workers rate-limit bindings (AUTH_LIMITER, SIGN_IN_LIMITER, AI_LIMITER in wrangler.toml)
 * count per fixed window aligned to the wall clock: locally Miniflare keys its counters by
 * floor(now / period), on the real clock, which a test cannot move. A burst that spans a window's
 * end meets two budgets, so "the 31st sign-in is refused" fails whenever a minute turns during it.
 *
 * Runs `burst` and answers what it answered if it ran inside one window; if the clock crossed a
 * window's end meanwhile, runs it once more, from just after that end, so it fits (a burst takes
 * a second or two, a window a minute). `burst` makes its own address or account, so the second
 * run starts from nothing; the test checks the answer, strictly.
 */
export async function inOneLimiterWindow<T>(burst: () => Promise<T>, periodSeconds = 60): Promise<T> {
  const windowOf = (ms: number) => Math.floor(ms / (periodSeconds * 1000));
  for (let run = 0; run < 2; run += 1) {
    // workerd moves Date.now() on I/O only: the start may read a little early, which at worst
    // counts a window's end that came just before the burst, and runs it again for nothing.
    const started = windowOf(Date.now());
    const answer = await burst();
    if (windowOf(Date.now()) === started) return answer;
  }
  throw new Error(`the burst spanned two ${periodSeconds} s windows twice: it takes far too long`);
}
