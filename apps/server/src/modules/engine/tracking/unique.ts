/** Unique clicks (architecture §5 Click, step 3): the window, the visitor, and this process's first look. */

/** how long a visitor's first click on a campaign keeps the visitor's next clicks there from being unique */
export const UNIQUE_WINDOW_MS = 86_400_000;

/** the visitor of a click on a campaign: its IP address and user agent (as stored on the click row) */
export const visitorKey = (campaignId: number | null, ip: string | null, userAgent: string | null) =>
  `${campaignId ?? ''}|${ip ?? ''}|${userAgent ?? ''}`;

/**
 * Unique clicks: the first click of an IP + user agent on a campaign within 24 hours. This process's memory (bounded)
 * is the first look: a visitor it has seen in the window is not unique, at no cost. A click it calls unique is a
 * candidate that the click batch writer confirms against the `click_visitors` table shared by every node
 * (click-writer.ts; docs/decisions/engine.md "Unique clicks across nodes").
 */
export class UniqueClicks {
  private readonly seen = new Map<string, number>();
  constructor(
    private readonly windowMs = UNIQUE_WINDOW_MS,
    private readonly max = 1_000_000,
  ) {}

  check(key: string, now: number): boolean {
    const until = this.seen.get(key);
    if (until !== undefined) {
      if (until > now) return false;
      this.seen.delete(key); // seen again after its window: it moves to the newest end
    } else if (this.seen.size >= this.max) {
      // drop the oldest tenth (a Map iterates in insertion order)
      let n = Math.ceil(this.max / 10);
      for (const k of this.seen.keys()) {
        if (n-- <= 0) break;
        this.seen.delete(k);
      }
    }
    this.seen.set(key, now + this.windowMs);
    return true;
  }
}
