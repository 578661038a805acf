/**
 * The kitchen's board at /staff/ in Chromium, signed in, with what a test must observe recorded
 * in the page: each oscillator the new-order sound starts (and whether the audio was running,
 * that is, whether anyone could hear it), and each print (window.print opens no dialog here).
 *
 * Headless Chromium lets any page's audio run. A kitchen tablet's browser does not: its audio
 * context stays suspended until someone taps the page (the autoplay policy). `soundLocked`
 * puts that policy back: a context made before this document's first tap or key reports
 * 'suspended', and resume() starts it only once the page has been tapped, as Chrome and Safari
 * do on a tablet after every load.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchErrors } from './browser.ts';

export interface BoardRecord {
  /** Each oscillator start: when (the page's clock) and whether the audio was running. */
  tones: { at: number; running: boolean }[];
  prints: number;
}

export interface BoardPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  record(): Promise<BoardRecord>;
  /** Chimes heard so far: two audible tones each. */
  chimes(): Promise<number>;
  column(title: string): ReturnType<Page['getByRole']>;
  /** The ticket of the order with this customer's name. */
  ticket(name: string): ReturnType<Page['getByRole']>;
}

export interface OpenBoardOptions {
  viewport: { width: number; height: number };
  email?: string;
  password: string;
  /** The page's clock starts here (page.clock.install) and runs on. */
  clockAt?: Date;
  soundLocked?: boolean;
}

export async function openBoard(browser: Browser, site: string, options: OpenBoardOptions): Promise<BoardPage> {
  const context = await browser.newContext({ viewport: options.viewport });
  await context.addInitScript((locked: boolean) => {
    const record = { tones: [] as { at: number; running: boolean }[], prints: 0 };
    (window as unknown as { __board: typeof record }).__board = record;
    let tapped = false;
    for (const type of ['pointerdown', 'mousedown', 'keydown', 'touchend']) {
      window.addEventListener(type, () => (tapped = true), { capture: true });
    }
    const Real = window.AudioContext;
    const suspended = new WeakSet<AudioContext>();
    class RecordedAudio extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (locked && !tapped) suspended.add(this);
      }
      override get state(): AudioContextState {
        return suspended.has(this) ? 'suspended' : super.state;
      }
      override resume(): Promise<void> {
        if (suspended.has(this)) {
          // Without a tap the browser keeps it suspended (the promise waits; it is never started).
          if (!tapped) return new Promise(() => {});
          suspended.delete(this);
          this.dispatchEvent(new Event('statechange'));
        }
        return super.resume();
      }
      override createOscillator(): OscillatorNode {
        const oscillator = super.createOscillator();
        // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the oscillator as `this`
        const start = oscillator.start;
        oscillator.start = (when?: number) => {
          record.tones.push({ at: Date.now(), running: this.state === 'running' });
          start.call(oscillator, when);
        };
        return oscillator;
      }
    }
    window.AudioContext = RecordedAudio;
    window.print = () => {
      record.prints += 1;
    };
  }, options.soundLocked ?? false);
  const page = await context.newPage();
  if (options.clockAt) await page.clock.install({ time: options.clockAt });
  const errors = watchErrors(page);
  await page.goto(`${site}/staff/`);
  await page.getByLabel('Email').fill(options.email ?? 'staff@comal.example');
  await page.getByLabel('Password').fill(options.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
  await page.getByText('Live', { exact: true }).waitFor();
  const record = () => page.evaluate(() => (window as unknown as { __board: BoardRecord }).__board);
  return {
    context,
    page,
    errors,
    record,
    chimes: async () => (await record()).tones.filter((tone) => tone.running).length / 2,
    column: (title) => page.getByRole('region', { name: new RegExp(`^${title} \\d+$`) }),
    ticket: (name) => page.getByRole('article').filter({ hasText: name }),
  };
}
