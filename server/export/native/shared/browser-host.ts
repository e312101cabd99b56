import {randomBytes} from 'node:crypto';
import {mkdir, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import type {BrowserState} from '../../../../contracts/api';
import {assertChromiumTmpDir, findChromium, isHeadlessShell, sandboxArgs} from '../../../chromium';
import {removeQuietly} from '../../atomic-file';
import {killTree} from '../../process-tree';
import type {ExportBrowser} from './export-page';
import type {HeldBrowser} from './held-browser';
import {printFontconfig} from './print-fontconfig';
import {connectBrowser} from './remote-browser';

export type BrowserHostOptions = {
  /** Parent of the browser's profile directory (the exporter's work root). */
  workRoot: string;
  log: (line: string) => void;
  /** A browser service's DevTools WebSocket URL: exports use its Chromium instead of launching one. */
  wsEndpoint?: string;
};

/** The export's own deadline stops the browser; a print of a big book may take minutes. */
const PROTOCOL_TIMEOUT_MS = 24 * 60 * 60 * 1000;

/**
 * One browser kept warm between exports: launched (or connected to) on first use, again when it
 * has died, was stopped at a deadline or lost its connection, and closed with the server.
 */
export class BrowserHost {
  readonly #options: BrowserHostOptions;
  #browser?: Promise<HeldBrowser>;
  #profileDir?: string;
  /** The launch in progress, if any. */
  #launching?: Promise<HeldBrowser>;
  /** The browser last launched, connected or not. */
  #launched?: HeldBrowser;

  constructor(options: BrowserHostOptions) {
    this.#options = options;
  }

  async acquire(): Promise<ExportBrowser> {
    const current = this.#browser && (await this.#browser.catch(() => undefined));
    if (current?.alive()) return current.tabs;
    const {wsEndpoint, log} = this.#options;
    const launching = wsEndpoint ? connectBrowser(wsEndpoint, PROTOCOL_TIMEOUT_MS, log) : this.#launch();
    this.#browser = this.#launching = launching;
    const settled = (browser?: HeldBrowser) => {
      if (this.#launching !== launching) return;
      this.#launching = undefined;
      this.#launched = browser;
    };
    launching.then(settled, () => settled());
    return (await launching).tabs;
  }

  /** Whether the browser is launching, running, or not there (never launched, died, closed). */
  get state(): BrowserState {
    if (this.#launching) return 'starting';
    return this.#launched?.alive() ? 'running' : 'stopped';
  }

  /** Stops the browser at once (kills a launched one's process tree): the only way to stop a print in progress. */
  kill(): void {
    void this.#browser?.then(
      (browser) => browser.stop(),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    const browser = this.#browser && (await this.#browser.catch(() => undefined));
    this.#browser = this.#launching = this.#launched = undefined;
    await browser?.close();
    if (this.#profileDir) await removeQuietly(this.#profileDir);
  }

  async #launch(): Promise<HeldBrowser> {
    if (this.#profileDir) await removeQuietly(this.#profileDir);
    // Named like an export's work directory so a later server sweeps it if this one dies.
    this.#profileDir = path.join(this.#options.workRoot, `${process.pid}-${randomBytes(4).toString('hex')}`);
    const executablePath = findChromium();
    const shell = isHeadlessShell(executablePath);
    // Its socket goes below TMPDIR, the server's: a path too long for it would kill Chromium at launch.
    assertChromiumTmpDir(executablePath, os.tmpdir());
    const started = Date.now();
    const fontconfig = await printFontconfig();
    if (fontconfig) {
      await mkdir(this.#profileDir, {recursive: true});
      await writeFile(path.join(this.#profileDir, 'fonts.conf'), fontconfig);
    }
    const browser = await puppeteer.launch({
      executablePath,
      ...(fontconfig && {env: {...process.env, FONTCONFIG_FILE: path.join(this.#profileDir, 'fonts.conf')}}),
      userDataDir: this.#profileDir,
      headless: shell ? 'shell' : true,
      // A pipe closes when this process dies, and Chromium exits with it.
      pipe: true,
      // The server decides when the browser goes: a signal first lets the running export finish.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: PROTOCOL_TIMEOUT_MS,
      // Most switches below trim the full Chromium; the headless shell lacks those parts and ignores them.
      args: [
        ...sandboxArgs(),
        '--disable-dev-shm-usage',
        '--font-render-hinting=none',
        '--hide-scrollbars',
        '--mute-audio',
        // No renderer process started ahead for a next tab: it would sit idle between exports. And
        // no omnibox popup: Chromium 156 keeps it as two WebUI pages in a renderer of their own
        // all the time the browser runs (145-160 MB of RSS, 47-66 MB of PSS), for a window that
        // headless never shows; Puppeteer's own launcher turns both features off since 2026.
        '--disable-features=SpareRendererForSitePerProcess,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
        // The GPU and network services run as threads of the browser process, not as processes of
        // their own: headless draws nothing on a GPU, and the network serves one local site. Two
        // processes fewer: the tree's peak sum of RSS in the 1,000-doc export 1,673 -> 1,486-1,542 MB
        // (PSS unchanged: their shared pages were counted once there), render as fast.
        '--in-process-gpu',
        '--enable-features=NetworkServiceInProcess2',
        // Chromium keeps a second zygote for the processes it runs without a sandbox; with those
        // services in the browser process, nothing forks from it, yet it holds 73 MB of RSS
        // (28-31 MB of PSS) for as long as the browser runs. A process that would need it starts
        // from the executable instead.
        '--no-unsandboxed-zygote',
        // Three minutes after it starts, Chromium rates the machine for its on-device AI models:
        // it starts an OnDeviceModelService process that runs a GPU benchmark (on the CPU here,
        // through SwiftShader), 83 MB of RSS in the middle of a 3,000-doc export. A browser kept
        // warm by the server starts it on every launch, since each has a new profile. Giving the
        // class on the command line skips the rating; it only tells which AI features the
        // machine could run, and headless printing uses none. 8: the GPU is blocked.
        '--optimization-guide-performance-class=8',
      ],
    });
    // The blank tab Chromium opens at launch is never used (every export opens its own tabs),
    // yet its renderer process would stay for as long as the browser is kept warm. With the
    // spare renderer gone, a warm browser with two tabs holds 9 processes instead of 11: a sum
    // of RSS 180 MB lower, of PSS 15–25 MB.
    for (const page of await browser.pages()) await page.close();
    const kind = (shell ? ', headless shell' : '') + (fontconfig ? ', CJK in TrueType fonts' : '');
    this.#options.log(`Chromium started in ${Date.now() - started} ms (pid ${browser.process()?.pid}${kind})`);
    const profileDir = this.#profileDir;
    // Puppeteer's pipe transport drops its 'error' listeners when it closes, but a killed Chromium's
    // pipes may still report ECONNRESET after that: with no listener, Node throws it and the server
    // died (test/e2e/faults.test.ts, under load). An error on a pipe to a browser that is gone
    // says nothing the 'disconnected' handler below does not.
    for (const stream of browser.process()?.stdio ?? []) stream?.on('error', () => undefined);
    // Puppeteer ends the calls to a dead Chromium when its pipe closes; once, in a run of
    // test/e2e/faults.test.ts, an export whose Chromium was killed waited 30 s on them instead.
    // The browser process gone, nothing it was asked will be answered.
    browser.process()?.once('exit', () => void browser.disconnect().catch(() => undefined));
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
    return {
      tabs: browser,
      alive: () => browser.connected,
      stop: () => {
        const pid = browser.process()?.pid;
        if (pid) killTree(pid, 'SIGKILL');
      },
      close: async () => {
        const pid = browser.process()?.pid;
        const closed = browser.close().catch(() => undefined);
        const force = setTimeout(() => pid && killTree(pid, 'SIGKILL'), 5000);
        await closed;
        clearTimeout(force);
      },
    };
  }
}
