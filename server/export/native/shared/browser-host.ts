import {randomBytes} from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import puppeteer, {type Browser} from 'puppeteer-core';
import type {BrowserState} from '../../../../contracts/api';
import {assertChromiumTmpDir, findChromium, sandboxArgs} from '../../../chromium';
import {removeQuietly} from '../../atomic-file';
import {killTree} from '../../process-tree';

export type BrowserHostOptions = {
  /** Parent of the browser's profile directory (the exporter's work root). */
  workRoot: string;
  log: (line: string) => void;
};

/**
 * One Chromium kept warm between exports: launched on first use, relaunched
 * when it has died or was killed, closed with the server.
 */
export class BrowserHost {
  readonly #options: BrowserHostOptions;
  #browser?: Promise<Browser>;
  #profileDir?: string;
  /** The launch in progress, if any. */
  #launching?: Promise<Browser>;
  /** The browser last launched, connected or not. */
  #launched?: Browser;

  constructor(options: BrowserHostOptions) {
    this.#options = options;
  }

  async acquire(): Promise<Browser> {
    const current = this.#browser && (await this.#browser.catch(() => undefined));
    if (current?.connected) return current;
    const launching = this.#launch();
    this.#browser = this.#launching = launching;
    const settled = (browser?: Browser) => {
      if (this.#launching !== launching) return;
      this.#launching = undefined;
      this.#launched = browser;
    };
    launching.then(settled, () => settled());
    return launching;
  }

  /** Whether the browser is launching, running, or not there (never launched, died, closed). */
  get state(): BrowserState {
    if (this.#launching) return 'starting';
    return this.#launched?.connected ? 'running' : 'stopped';
  }

  /** Kills the browser's whole process tree at once: the only way to stop a print in progress. */
  kill(): void {
    void this.#browser?.then(
      (browser) => {
        const pid = browser.process()?.pid;
        if (pid) killTree(pid, 'SIGKILL');
      },
      () => undefined,
    );
  }

  async close(): Promise<void> {
    const browser = this.#browser && (await this.#browser.catch(() => undefined));
    this.#browser = this.#launching = this.#launched = undefined;
    if (browser) {
      const pid = browser.process()?.pid;
      const closed = browser.close().catch(() => undefined);
      const force = setTimeout(() => pid && killTree(pid, 'SIGKILL'), 5000);
      await closed;
      clearTimeout(force);
    }
    if (this.#profileDir) await removeQuietly(this.#profileDir);
  }

  async #launch(): Promise<Browser> {
    if (this.#profileDir) await removeQuietly(this.#profileDir);
    // Named like an export's work directory so a later server sweeps it if this one dies.
    this.#profileDir = path.join(this.#options.workRoot, `${process.pid}-${randomBytes(4).toString('hex')}`);
    // Its socket goes below TMPDIR, the server's: a path too long for it would kill Chromium at launch.
    assertChromiumTmpDir(os.tmpdir());
    const started = Date.now();
    const browser = await puppeteer.launch({
      executablePath: findChromium(),
      userDataDir: this.#profileDir,
      headless: true,
      // A pipe closes when this process dies, and Chromium exits with it.
      pipe: true,
      // The server decides when the browser goes: a signal first lets the running export finish.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      // The export's own deadline kills the browser; a print of a big book may take minutes.
      protocolTimeout: 24 * 60 * 60 * 1000,
      args: [
        ...sandboxArgs(),
        '--disable-dev-shm-usage',
        '--font-render-hinting=none',
        '--hide-scrollbars',
        '--mute-audio',
        // No renderer process started ahead for a next tab: it would sit idle between exports.
        '--disable-features=SpareRendererForSitePerProcess',
      ],
    });
    // The blank tab Chromium opens at launch is never used (every export opens its own tabs),
    // yet its renderer process would stay for as long as the browser is kept warm. With the
    // spare renderer gone, a warm browser with two tabs holds 9 processes instead of 11: a sum
    // of RSS 180 MB lower, of PSS 15–25 MB.
    for (const page of await browser.pages()) await page.close();
    this.#options.log(`Chromium started in ${Date.now() - started} ms (pid ${browser.process()?.pid})`);
    const profileDir = this.#profileDir;
    // A browser that died (killed at a deadline, crashed) leaves no profile behind.
    browser.once('disconnected', () => {
      void (async () => {
        // Chromium may still be writing its profile; a process killed by a signal has no exit code, only a signal code.
        const child = browser.process();
        if (child && child.exitCode === null && child.signalCode === null) {
          await new Promise((resolve) => child.once('exit', resolve));
        }
        await removeQuietly(profileDir!);
      })();
    });
    return browser;
  }
}
