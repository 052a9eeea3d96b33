/**
 * The bound on uncached page renders of one process (issue 38, security probe item 2). Renders run on the main thread
 * with everything else; without a bound, 469 distinct search pages from rotating addresses in 10 s took GET / from
 * 2.2/12.8 ms (p50/p99) to 496/1,283 ms. So:
 *
 * - a few renders run at once, the next ones wait in line, for a while at most; past the line or the wait, the page
 *   middleware answers 503 with Retry-After (or the cached copy, when one exists). A flood that waits in line costs
 *   nothing, where one refused at once asks again at once;
 * - when the process is busy with other work (its event loop worked most of the last quarter second while it served
 *   cached pages), renders run one at a time and each is followed by a pause, so they take at most BUSY_SHARE of the
 *   time (a search page also costs a search worker its time): cached pages keep the rest. It stays busy two seconds
 *   after the last busy quarter. A process that only renders renders at full speed.
 *
 * Issue 62 measured this with a sampler as exact as the security probe's (bench:load: GET / back to back, 0.4 ms p99
 * idle): a share of 10%, counted busy only from 200 cached pages a second, let a flood of 32 clients take home to
 * 4–61 ms p99 (8–140× idle), since the renders slowed the very visitors whose count made the process busy. With 2%,
 * busy from 16 cached pages a second and held, home keeps its idle p99 (1.0–1.3×); a crawler beside 200–1,000 cached
 * pages a second gets 26–50 pages a second instead of 111–225 (decision 0035).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Thrown when the line is full, or a render waited too long: the caller answers 503 (or a cached copy). */
export class RenderQueueFull extends Error {
  constructor() {
    super('Too many pages are being prepared right now. Please try again in a moment.');
  }
}

/** How long a refused client is asked to wait (seconds). */
export const RENDER_RETRY_AFTER_S = 2;
/** The share of a busy process's time renders may take. */
const BUSY_SHARE = 0.02;
/**
 * Event loop utilization over the last window above which a process serving cached pages counts as busy. Well below
 * saturation: the search a render waits for runs on a worker thread, on another core, which the machine's other work
 * needs too (measured by bench:load, issue 38).
 */
const BUSY_UTILIZATION = 0.5;
/** Cached pages served in the last window from which they count as competing with renders (16 a second). */
const COMPETING_HITS = 4;
const LOAD_WINDOW_MS = 250;
/**
 * Windows a process stays busy after the last busy one. Held renders leave the loop quiet, which alone would free them
 * at the next window: a burst of renders each time, in which cached pages waited (bench:load, issue 62).
 */
const BUSY_HOLD_WINDOWS = 8;

/**
 * Whether the process is busy with other work than renders: its event loop's utilization over the last window, and the
 * cached pages it served meanwhile (the front door counts them), measured on a timer.
 */
export class LoadMeter {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private hits = 0;
  /** Windows left before a busy process counts as free again. */
  private busyWindows = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(windowMs = LOAD_WINDOW_MS) {
    this.timer = setInterval(() => {
      const now = performance.eventLoopUtilization();
      this.windowEnded(performance.eventLoopUtilization(now, this.last).utilization);
      this.last = now;
    }, windowMs);
    this.timer.unref();
  }

  /** A window ended with the event loop busy `utilization` of its time: busy when cached pages competed meanwhile. */
  windowEnded(utilization: number): void {
    const busy = this.hits >= COMPETING_HITS && utilization > BUSY_UTILIZATION;
    this.busyWindows = busy ? BUSY_HOLD_WINDOWS : Math.max(0, this.busyWindows - 1);
    this.hits = 0;
  }

  /** A cached page was served (not a render). */
  hit(): void {
    this.hits += 1;
  }

  get busy(): boolean {
    return this.busyWindows > 0;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

interface Waiter {
  go: () => void;
  timer: NodeJS.Timeout | undefined;
}

export interface RenderGateOptions {
  /** Renders at once when the process is not busy. */
  concurrency: number;
  /** Renders that may wait for a slot. */
  queue: number;
  /** How long a render may wait for its slot before it is refused. */
  waitMs: number;
  /** Whether the process is busy (a LoadMeter's); never, when absent. */
  busy?: () => boolean;
}

export class RenderGate {
  private readonly options: Required<RenderGateOptions>;
  /** Slots taken: renders running, or pausing after a render while the process is busy. */
  private taken = 0;
  /** Renders waiting: refreshes of pages visitors already had (first), then the rest, each in arrival order. */
  private readonly urgent: Waiter[] = [];
  private readonly waiting: Waiter[] = [];

  constructor(options: RenderGateOptions) {
    this.options = { busy: () => false, ...options, concurrency: Math.max(1, options.concurrency), queue: Math.max(0, options.queue) };
  }

  /** Slots taken, and renders waiting. */
  get load(): { taken: number; waiting: number } {
    return { taken: this.taken, waiting: this.urgent.length + this.waiting.length };
  }

  /** Whether a new render would be refused at once (the line is full). */
  get full(): boolean {
    return this.taken >= this.slots() && this.waiting.length >= this.options.queue;
  }

  private next(): Waiter | undefined {
    return this.urgent.shift() ?? this.waiting.shift();
  }

  private slots(): number {
    return this.options.busy() ? 1 : this.options.concurrency;
  }

  /**
   * Runs `render` in a free slot, after those waiting before it; throws RenderQueueFull when the line is full or the wait
   * too long. An `urgent` render (a page visitors had, dropped by a change) goes before the others waiting.
   */
  async run<T>(render: () => Promise<T>, options: { urgent?: boolean } = {}): Promise<T> {
    await this.acquire(options.urgent ?? false);
    const began = performance.now();
    try {
      return await render();
    } finally {
      this.release(performance.now() - began);
    }
  }

  private acquire(urgent: boolean): Promise<void> {
    if (this.taken < this.slots() && this.urgent.length === 0 && this.waiting.length === 0) {
      this.taken += 1;
      return Promise.resolve();
    }
    const line = urgent ? this.urgent : this.waiting;
    if (line.length >= this.options.queue) return Promise.reject(new RenderQueueFull());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { go: resolve, timer: undefined };
      waiter.timer = setTimeout(() => {
        const index = line.indexOf(waiter);
        if (index >= 0) line.splice(index, 1);
        reject(new RenderQueueFull());
      }, this.options.waitMs);
      waiter.timer.unref();
      line.push(waiter);
    });
  }

  /** A render ended: when the process is busy its slot pauses (so renders keep to BUSY_SHARE), then passes on. */
  private release(renderMs: number): void {
    const pause = this.options.busy() ? renderMs * (1 / BUSY_SHARE - 1) : 0;
    if (pause > 0) setTimeout(() => this.handOn(), pause).unref();
    else this.handOn();
  }

  /** The slot goes to the next in line, unless the process went busy and more slots are taken than it allows. */
  private handOn(): void {
    if (this.taken <= this.slots()) {
      const next = this.next();
      if (next) {
        clearTimeout(next.timer);
        next.go();
        return;
      }
    }
    this.taken -= 1;
    // A slot freed while others stayed taken: the line may move again (the process is no longer busy).
    while (this.taken < this.slots()) {
      const next = this.next();
      if (!next) break;
      clearTimeout(next.timer);
      this.taken += 1;
      next.go();
    }
  }
}
