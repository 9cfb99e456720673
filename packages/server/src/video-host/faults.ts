/** The sandbox's two hosts, served at /sandbox/video/a and /sandbox/video/b. */
export const VIDEO_HOST_NAMES = ['a', 'b'] as const;
export type VideoHostName = (typeof VIDEO_HOST_NAMES)[number];

/** How a host misbehaves: down until told otherwise, the next n requests failing, or failing and delaying at random. */
export interface HostFaults {
  down: boolean;
  failNext: number;
  /** Chance in percent that a request fails, and (separately) that it is delayed. */
  faultRatePercent: number;
  /** The longest random delay, in ms. */
  delayMsMax: number;
}

const healthy = (): HostFaults => ({ down: false, failNext: 0, faultRatePercent: 0, delayMsMax: 1500 });

/** What a request meets at a host: fail now, or go on after `delayMs`. */
export interface Verdict {
  fail: boolean;
  delayMs: number;
}

/**
 * The faults of each host, as a real CDN and API behave now and then: a host can be
 * taken down, made to fail its next requests, or set to fail and delay a share of them.
 */
export class HostFaultBoard {
  private readonly faults = new Map<VideoHostName, HostFaults>(VIDEO_HOST_NAMES.map((name) => [name, healthy()]));

  constructor(private readonly random: () => number = Math.random) {}

  set(host: VideoHostName, change: Partial<HostFaults>): HostFaults {
    const next = { ...this.faults.get(host)!, ...change };
    this.faults.set(host, next);
    return next;
  }

  reset(): void {
    for (const name of VIDEO_HOST_NAMES) this.faults.set(name, healthy());
  }

  of(host: VideoHostName): HostFaults {
    return { ...this.faults.get(host)! };
  }

  /** Decides one request's fate (and counts a queued failure down). */
  meet(host: VideoHostName): Verdict {
    const faults = this.faults.get(host)!;
    if (faults.down) return { fail: true, delayMs: 0 };
    if (faults.failNext > 0) {
      faults.failNext -= 1;
      return { fail: true, delayMs: 0 };
    }
    if (faults.faultRatePercent === 0) return { fail: false, delayMs: 0 };
    const fail = this.random() * 100 < faults.faultRatePercent;
    const delayMs = this.random() * 100 < faults.faultRatePercent ? Math.floor(this.random() * faults.delayMsMax) : 0;
    return { fail, delayMs };
  }
}
