/**
 * The time the subscription's rules read (trial and period ends, renewals, dunning). Real time, with
 * an offset tests move forward ("a month later") without waiting or rewriting rows: the Lago and
 * Kill Bill way of testing billing. Only tests call `travel` and `resetClock`.
 */
let offsetMs = 0;

export const clock = {
  nowMs: (): number => Date.now() + offsetMs,
  now: (): Date => new Date(Date.now() + offsetMs),
};

/** Moves the clock forward (or back) by `ms`. */
export function travel(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}

export const DAY_MS = 86_400_000;
