// No Docker engine runs where these tests run, so the image is never built
// here. Instead: the Dockerfile and compose.yaml are read and checked against
// docs/container.md, and the image's CMD runs on this machine with the
// image's environment, as a non-root user that (where the machine allows it)
// cannot create user namespaces, which is what a default Docker container
// means for Chromium. The ENTRYPOINT (tini) is not run: it only forwards
// signals and reaps orphans.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import {after, before, describe, it} from 'node:test';
import {interpolate, readComposeFile, serviceEnvironment} from '../helpers/compose-file';
import {isHeadlessShell} from '../../server/chromium';
import {FONT_PACKAGES} from '../../server/fonts';
import {confinement} from '../helpers/confined-process';
import {packageBin, startContainerEntry, type ContainerRun, type PathMap} from '../helpers/container-entry';
import {parseDockerfile} from '../helpers/dockerfile';
import {EXAMPLE_SITE, REPO_ROOT} from '../helpers/server-process';
import {assertHealthy} from '../helpers/wait-healthy';

const stages = parseDockerfile(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'));
const image = stages.at(-1)!;
const services = readComposeFile(path.join(REPO_ROOT, 'compose.yaml')).services;
const [serviceName, service] = Object.entries(services)[0]!;
/** The site the image serves, as its CMD names it. */
const SITE_IN_IMAGE = image.cmd?.[2] ?? '/app/site';
/** The image builds the example site; here it is built already. */
const PATHS: PathMap = {[SITE_IN_IMAGE]: EXAMPLE_SITE};
const EXPORT_TIMEOUT = 120_000;

describe('the Dockerfile and compose.yaml', () => {
  it('build one service from this directory’s Dockerfile on Node 20, Debian bookworm slim', () => {
    assert.equal(Object.keys(services).length, 1, 'one service');
    const build = typeof service.build === 'string' ? {context: service.build} : service.build;
    assert.equal(build?.context, '.', `${serviceName} builds from the repository`);
    assert.equal(build?.dockerfile ?? 'Dockerfile', 'Dockerfile');
    assert.equal(image.from, 'node:20-bookworm-slim');
  });

  it('keep the documents in /app/docs, mounted from DOCS_DIR on the host, ./docs by default', () => {
    assert.equal(image.env.DOCS_PATH, '/app/docs');
    const mounts = (service.volumes ?? []).map((volume) => interpolate(volume, {}));
    assert.ok(mounts.includes('./docs:/app/docs'), `mounts: ${mounts.join(', ')}`);
    const elsewhere = (service.volumes ?? []).map((volume) => interpolate(volume, {DOCS_DIR: '/srv/pdfs'}));
    assert.ok(elsewhere.includes('/srv/pdfs:/app/docs'), 'DOCS_DIR moves the host side');
    const environment = serviceEnvironment(service, {DOCS_DIR: '/srv/pdfs', DOCS_PATH: '/elsewhere'});
    assert.ok(!('DOCS_PATH' in environment) && !('DOCS_DIR' in environment), 'the inside path is the image’s alone');
  });

  it('serve the site on 3000 and the API on 3001 on every interface, published on the same ports', () => {
    assert.equal(image.env.HOST, '0.0.0.0');
    assert.equal(image.env.DOCSITE_PORT, '3000');
    assert.equal(image.env.API_PORT, '3001');
    assert.deepEqual(image.expose, ['3000', '3001']);
    const ports = (service.ports ?? []).map((port) => interpolate(port, {}));
    assert.deepEqual(ports, ['3000:3000', '3001:3001']);
    const moved = (service.ports ?? []).map((port) => interpolate(port, {API_PORT: '4001'}));
    assert.ok(moved.includes('4001:4001'), 'API_PORT moves both sides, so the button finds the API');
    assert.equal(serviceEnvironment(service, {API_PORT: '4001'}).API_PORT, '4001');
    assert.equal(image.env.NODE_ENV, 'production');
  });

  it('use Debian’s Chromium headless shell, never a browser Puppeteer downloads', () => {
    assert.equal(image.env.PUPPETEER_EXECUTABLE_PATH, '/usr/bin/chromium-headless-shell');
    assert.ok(isHeadlessShell(image.env.PUPPETEER_EXECUTABLE_PATH), 'the server launches it in shell mode');
    assert.equal(image.env.PUPPETEER_SKIP_DOWNLOAD, 'true');
    assert.ok(
      image.run.some((line) => /apt-get install\b[^&]*\schromium-headless-shell\b/.test(line)),
      'apt-get install chromium-headless-shell',
    );
    for (const stage of stages) {
      assert.equal(stage.env.PUPPETEER_SKIP_DOWNLOAD, 'true', `stage ${stage.name ?? stage.from} downloads no browser`);
    }
  });

  it('install the fonts the server checks for, so emoji and CJK never print as boxes', () => {
    for (const font of FONT_PACKAGES.split(' ')) {
      assert.ok(
        image.run.some((line) => new RegExp(`apt-get install\\b[^&]*\\s${font}\\b`).test(line)),
        `apt-get install ${font}`,
      );
    }
  });

  it('run as a non-root user under exactly one init process', () => {
    assert.ok(image.user && !['root', '0'].includes(image.user.split(':')[0]!), `USER ${image.user}`);
    assert.ok(!service.user || !['root', '0'].includes(String(service.user).split(':')[0]!), 'compose keeps it');
    const tini = image.entrypoint?.[0]?.endsWith('/tini') === true;
    assert.ok(tini !== (service.init === true), 'tini as the ENTRYPOINT or `init: true`, not both');
    assert.ok(image.run.some((line) => /apt-get install\b[^&]*\stini\b/.test(line)) || !tini, 'tini is installed');
  });

  it('run the package’s server entry on the built site, and check the API’s /health', () => {
    const [bin, mode, siteDir] = image.cmd ?? [];
    assert.ok(packageBin(bin!), `${bin} is the bin package.json declares`);
    assert.ok(
      image.run.some((line) => line.includes(`/usr/local/bin/${bin}`)),
      `${bin} is on the image's PATH`,
    );
    assert.equal(mode, 'serve');
    assert.equal(siteDir, '/app/site');
    assert.equal(image.workdir, '/app');
    assert.ok(image.healthcheck?.join(' ').includes('/health'), 'HEALTHCHECK asks /health');
  });

  it('serve a build that holds no sources: the final stage gets the build stage’s package and site build only', () => {
    const build = stages.find((stage) => stage.name && stage !== image)!;
    assert.ok(image.copy.length > 0);
    for (const copy of image.copy) {
      assert.equal(copy.from, build.name, `COPY ${copy.sources.join(' ')} comes from the build stage, not the sources`);
      assert.ok(
        copy.sources.every((source) => source === '/app/export-pdf' || source === `${SITE_IN_IMAGE}`),
        copy.sources.join(' '),
      );
    }
    // What the build stage puts in the served folder: the site's build alone.
    const siteLine = build.run.find((line) => line.includes(SITE_IN_IMAGE))!;
    assert.match(siteLine, new RegExp(`cp -R example-site/build ${SITE_IN_IMAGE}/build$`));
    assert.doesNotMatch(siteLine, /\.docusaurus/);
  });

  it('turn Chromium’s sandbox off explicitly, which a non-root user needs in a default Docker container', () => {
    assert.equal(image.env.CHROMIUM_NO_SANDBOX, '1');
    assert.equal(serviceEnvironment(service, {}).CHROMIUM_NO_SANDBOX ?? '1', '1');
  });
});

describe('the image’s command, run the way the container runs it', {timeout: 200_000}, () => {
  let server: ContainerRun;

  before(async () => {
    server = await startContainerEntry(image, service, {paths: PATHS});
    console.log(`running as ${server.confinement.description} (uid ${server.confinement.uid})`);
  });
  after(async () => {
    const code = await server?.stop();
    assert.equal(code, 0, `the entry exits 0 on SIGTERM:\n${server?.output().slice(-2000)}`);
  });

  it('runs as a user other than root', () => {
    assert.notEqual(server.confinement.uid, 0);
  });

  it('answers /health with ok, and its HEALTHCHECK passes', async () => {
    await assertHealthy(server.apiUrl);
    assert.equal(await server.exec(image.healthcheck!), 0);
  });

  it('exports a PDF into the documents directory, written by that user', {timeout: EXPORT_TIMEOUT}, async () => {
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=container`, {
      signal: AbortSignal.timeout(EXPORT_TIMEOUT),
    });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body) + server.output().slice(-3000));
    const file = path.join(server.env.DOCS_PATH!, 'container.pdf');
    assert.equal(server.env.DOCS_PATH, path.join(server.appDir, 'docs'));
    assert.equal(body.pdfPath, file);
    assert.equal((await readFile(file)).subarray(0, 5).toString(), '%PDF-');
    assert.equal((await stat(file)).uid, server.confinement.uid);
    const download = await fetch(`${server.siteUrl}/${body.pdfUrl}`);
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
  });
});

describe('the same command with Chromium’s sandbox left on', {timeout: 120_000}, () => {
  let server: ContainerRun | undefined;

  before(async () => {
    if ((await confinement()).userNamespacesBlocked !== true) return;
    server = await startContainerEntry(image, service, {paths: PATHS, env: {CHROMIUM_NO_SANDBOX: '0'}});
  });
  after(async () => {
    if (server) assert.equal(await server.stop(), 0, server.output().slice(-2000));
  });

  it('fails the export, as it would in a default Docker container: the image needs CHROMIUM_NO_SANDBOX', async (t) => {
    if (!server) {
      t.skip('this machine cannot run the server without user namespaces');
      return;
    }
    const response = await fetch(`${server.apiUrl}/export-pdf?fileName=sandboxed`, {
      signal: AbortSignal.timeout(60_000),
    });
    const body = await response.json();
    assert.equal(response.status, 500, JSON.stringify(body));
    // Chromium exits at start ("No usable sandbox!"); Puppeteer only sees its pipe close.
    assert.equal(body.error, 'Export command failed');
  });
});
