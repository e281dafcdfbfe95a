import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  launchBrowser,
  openPage,
  type PageWatch,
  pageWatch,
  screenshot,
  unlabelledControls,
} from '../support/browser.js';
import { callApi, signInAdmin, signInChoosingPassword } from '../support/sign-in.js';
import { type RunningServe, startServe } from '../support/start-serve.js';

const ADMIN_PASSWORD = 'an-admin-password-1';
const USER_PASSWORD = 'a-user-password-12';
const OWN_PASSWORD = 'my-own-user-password';

const REPORT_HTML = '<!doctype html><title>Quarterly</title><h1>Quarterly report</h1>';
const PLAN_TEXT = 'Following the chat-style skill, I will write the quarterly report as an HTML page now.';
const SUBAGENT_TEXT = 'Wuxi lies on Taihu Lake, west of Suzhou.';
const STORY = 'Once upon a time there was a very long story. '.repeat(40);

/**
 * The sub-agent's answer holds after "Wuxi lies" until the test has seen it working: a timed
 * stream alone ended before a busy machine looked (a CI run saw only "Finished").
 */
let releaseSubagent = () => {};
const subagentHeld = new Promise<void>((resolve) => {
  releaseSubagent = resolve;
});

/** A ```widget fence around `widget`. */
const fence = (widget: unknown) => `\`\`\`widget\n${JSON.stringify(widget, null, 2)}\n\`\`\``;

/** Where the widgets' images come from: the browser context answers these itself (no network). */
const IMAGE_HOST = 'https://images.example.test';
/** A picture to show: a 320×180 SVG with its name on it. */
const picture = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="#4a7fb5"/><text x="160" y="98" font-size="24" text-anchor="middle" fill="#fff">${name}</text></svg>`;

/** One answer with every widget type of SPEC W4, in Markdown around them. */
const WIDGET_ANSWER = [
  '## Your **overview**',
  fence({
    type: 'Card',
    size: 'md',
    children: [
      {
        type: 'Row',
        align: 'center',
        children: [
          { type: 'Icon', name: 'check-circle', color: 'success' },
          { type: 'Title', value: 'Order 1042', size: 'md' },
          { type: 'Spacer' },
          { type: 'Badge', label: 'Shipped', color: 'success' },
        ],
      },
      { type: 'Divider' },
      {
        type: 'Col',
        gap: 2,
        children: [
          { type: 'Text', value: 'Two items, delivered by Friday' },
          { type: 'Caption', value: 'From the order lookup tool' },
        ],
      },
    ],
  }),
  fence({
    type: 'Image',
    src: `${IMAGE_HOST}/harbour.svg`,
    alt: 'The harbour at dusk',
    caption: 'Press photo',
  }),
  fence({
    type: 'Row',
    gap: 2,
    children: [
      { type: 'Image', src: `${IMAGE_HOST}/front.svg`, alt: 'Front view', height: 80 },
      { type: 'Image', src: `${IMAGE_HOST}/side.svg`, alt: 'Side view', height: 80 },
    ],
  }),
  fence({
    type: 'BarChart',
    title: 'Support tickets by team, November 2026',
    xAxis: { label: 'Team' },
    yAxis: { label: 'Tickets', unit: 'tickets' },
    labels: ['Billing', 'Accounts', 'Shipping'],
    series: [{ name: 'Opened', values: [120, 85, 64] }],
    source: 'Helpdesk export, 2026-12-01',
  }),
  fence({
    type: 'LineChart',
    title: 'Beijing, daily temperature, 1–4 Dec 2026',
    xAxis: { label: 'Date' },
    yAxis: { label: 'Temperature', unit: '°C' },
    labels: ['12-01', '12-02', '12-03', '12-04'],
    series: [
      { name: 'High', values: [6, 4, 5, null] },
      { name: 'Low', values: [-4, -6, -5, null] },
    ],
    source: 'Weather tool, 2026-12-01',
  }),
  fence({
    type: 'Button',
    label: 'Details',
    style: 'secondary',
    onClickAction: { type: 'message', payload: { text: 'Show the details' } },
  }),
  fence({
    type: 'Card',
    children: [
      {
        type: 'Form',
        children: [
          { type: 'Title', value: 'Book a meeting room', size: 'sm' },
          { type: 'Input', name: 'topic', label: 'Topic', required: true },
          {
            type: 'DatePicker',
            name: 'day',
            label: 'Day',
            min: '2026-12-01',
            max: '2026-12-31',
            required: true,
          },
          {
            type: 'RadioGroup',
            name: 'length',
            label: 'Length',
            options: [
              { label: '30 minutes', value: '30' },
              { label: '1 hour', value: '60' },
              { label: '2 hours', value: '120' },
            ],
            defaultValue: '60',
          },
          { type: 'Textarea', name: 'notes', label: 'Notes', rows: 3 },
          { type: 'Button', label: 'Book', submit: true, style: 'primary' },
        ],
      },
    ],
  }),
  'Pick a slot above.',
].join('\n\n');

/** How many times the model was asked "Break off once": its first answer breaks off mid-stream. */
let breakOffAsked = 0;

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
}

/**
 * The fake model's answers: by the latest prompt, and by how many tool results followed it. The
 * report prompt activates the shared skill, streams its plan slowly, writes an HTML report (an
 * approval), then answers; the notes prompts write a file each; the story streams its first words and holds until stopped.
 */
function answer(request: RecordedRequest) {
  const messages = (request.body as ChatBody).messages;
  const at = messages.findLastIndex(
    (message) => message.role === 'user' && typeof message.content === 'string',
  );
  const prompt = at < 0 ? '' : (messages[at]!.content as string);
  const results = messages.slice(at + 1).filter((message) => message.role === 'tool').length;
  if (prompt.includes('Topic: Launch review')) return { text: `Thanks, I have your answers:\n\n${prompt}` };
  switch (prompt) {
    case 'Write the quarterly report':
      if (results === 0)
        return { toolCalls: [{ name: 'activate_skill', arguments: { name: 'chat-style' } }] };
      if (results === 1)
        return {
          text: PLAN_TEXT,
          chunkSize: 6,
          chunkDelayMs: 40,
          toolCalls: [{ name: 'write_file', arguments: { path: 'report.html', content: REPORT_HTML } }],
        };
      return { text: 'The report is in report.html.' };
    case 'Save my notes':
      return results === 0
        ? { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.md', content: '# Notes\n' } }] }
        : { text: 'Notes saved.' };
    case 'Save more notes':
      return results === 0
        ? { toolCalls: [{ name: 'write_file', arguments: { path: 'more.md', content: '# More\n' } }] }
        : { text: 'More notes saved.' };
    case 'Tell me a long story':
      // Streams its first words, then holds, never ending by itself: Stop always comes mid-answer.
      return {
        text: STORY,
        chunkSize: 4,
        chunkDelayMs: 60,
        pause: { afterEvents: 20, until: new Promise(() => {}) },
      };
    case 'Show me the widgets':
      return { text: WIDGET_ANSWER, chunkSize: 200, chunkDelayMs: 20 };
    case 'Delegate the research':
      return results === 0
        ? { toolCalls: [{ name: 'subagent__researcher', arguments: { task: 'Find a fact about Wuxi' } }] }
        : { text: 'The researcher says: Wuxi lies on Taihu Lake.' };
    case 'Find a fact about Wuxi':
      return results === 0
        ? { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] }
        : // Events: the role, then "Wux", "i l", "ies": it holds there.
          {
            text: SUBAGENT_TEXT,
            chunkSize: 3,
            chunkDelayMs: 40,
            pause: { afterEvents: 4, until: subagentHeld },
          };
    case 'Show the details':
      return { text: 'Here are the **details**.' };
    case 'Break off once':
      // The connection drops after the first words (the run fails, its text kept); a retry is answered.
      breakOffAsked += 1;
      return breakOffAsked === 1
        ? { text: 'The first half of an answer that never ends', chunkSize: 5, dropAfterEvents: 4 }
        : { text: 'The whole answer, this time.' };
    default:
      return { text: 'Hello from the fake model.' };
  }
}

/**
 * The pending approval card is inside the window and has the keyboard on its first button, Deny
 * (issue 25: approval cards never end up out of sight).
 */
async function expectApprovalInViewAndFocused(page: Page) {
  await page.waitForFunction(() => {
    const focused = document.activeElement;
    const card = focused?.closest('[data-testid="approval-card"]');
    if (card == null || focused?.textContent !== 'Deny') return false;
    const box = card.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

/** A full-page screenshot from the top (the fixed header is drawn where the page is scrolled to). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * The chat (SPEC W4) in a real browser against a real `skilldock serve` and the fake model
 * server: an agent with a shared skill; a conversation where the model activates the skill,
 * streams text and asks to write a file; the page is reloaded and the approval card is back; the
 * approval is granted and the run finishes with a download link to the HTML report; "always
 * allow" skips the next ask; a streaming answer is stopped; conversations are renamed, listed and
 * deleted; dark theme and 360 px.
 */
describe('web app: chat', { timeout: 180_000 }, () => {
  let serve: RunningServe;
  let browser: Browser;
  let model: FakeModelServer;
  let user: { context: BrowserContext; page: Page };
  let watch: PageWatch;
  let agentId: string;
  let brokenAgentId: string;
  let coordinatorId: string;
  let chatUrl: string;

  beforeAll(async () => {
    [serve, browser, model] = await Promise.all([
      startServe({ database: 'postgres' }),
      launchBrowser(),
      startFakeModelServer({ script: answer }),
    ]);
    watch = pageWatch();
    const admin = await openPage(browser, watch);
    const csrf = await signInAdmin(admin.context.request, serve, ADMIN_PASSWORD);
    const post = (context: BrowserContext, token: string, route: string, data: unknown) =>
      callApi(context.request, serve.url, token, 'post', route, data);
    await post(admin.context, csrf, '/api/admin/model-providers', {
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    await post(admin.context, csrf, '/api/admin/users', { username: 'uma', password: USER_PASSWORD });
    // A shared skill everyone may read, installed from an uploaded SKILL.md.
    const upload = await admin.context.request.post(
      `${serve.url}/api/install/drafts/upload?fileName=SKILL.md`,
      {
        data: Buffer.from(
          '---\nname: chat-style\ndescription: How reports are written in this company.\n---\n\nWrite reports as HTML pages.\n',
        ),
        headers: { 'X-CSRF-Token': csrf, 'content-type': 'application/octet-stream' },
      },
    );
    expect(upload.status(), await upload.text()).toBe(201);
    const draft = ((await upload.json()) as { draft: { id: string } }).draft;
    await post(admin.context, csrf, `/api/install/drafts/${draft.id}/confirm`, {
      target: 'shared',
      readScope: { kind: 'global' },
      manageScope: { kind: 'global' },
    });
    await admin.context.close();

    user = await openPage(browser, watch);
    user.page.setDefaultTimeout(20_000);
    const userCsrf = await signInChoosingPassword(
      user.context.request,
      serve.url,
      'uma',
      USER_PASSWORD,
      OWN_PASSWORD,
    );
    const created = (await post(user.context, userCsrf, '/api/agents', {
      name: 'Reporter',
      systemPrompt: 'You write reports.',
      model: 'fake:fake-model',
      skills: ['chat-style'],
      tools: ['read_file', 'write_file'],
    })) as { agent: { id: string } };
    agentId = created.agent.id;
    const researcher = (await post(user.context, userCsrf, '/api/agents', {
      name: 'Researcher',
      description: 'Finds facts.',
      model: 'fake:fake-model',
      tools: ['ls'],
    })) as { agent: { id: string } };
    coordinatorId = (
      (await post(user.context, userCsrf, '/api/agents', {
        name: 'Coordinator',
        model: 'fake:fake-model',
        subagents: [researcher.agent.id],
      })) as { agent: { id: string } }
    ).agent.id;
    brokenAgentId = (
      (await post(user.context, userCsrf, '/api/agents', { name: 'Broken', model: 'no-such-model' })) as {
        agent: { id: string };
      }
    ).agent.id;
  }, 180_000);

  afterAll(async () => {
    // A failure before the sub-agent test let its answer go must not leave the run hanging.
    releaseSubagent();
    await browser?.close();
    await serve?.stop();
    await model?.close();
  }, 60_000);

  const composer = () => user.page.getByRole('textbox', { name: 'Message' });
  const turns = () => user.page.getByTestId('chat-turn');
  const send = async (text: string) => {
    await composer().click();
    await composer().fill(text);
    await user.page.keyboard.press('Enter');
  };
  /** Waits until the last turn's run ended with `status` (its status line gone for `completed`). */
  const lastTurnSettles = async (text: string) => {
    await turns().last().getByText(text).waitFor();
    await user.page.getByRole('button', { name: 'Send' }).waitFor();
    await user.page.waitForFunction(
      () => !document.querySelector('[data-testid="run-status"][data-status="running"]'),
    );
  };

  it('W4 the model activates the shared skill, streams text and asks to write a file; after a reload the approval card is back', async () => {
    const { page } = user;
    await page.goto(`${serve.url}/agents/${agentId}/chat`);
    await page.getByRole('heading', { name: 'Chat with Reporter', level: 1 }).waitFor();
    await page.getByText('Start the conversation').waitFor();
    await expect(unlabelledControls(page)).resolves.toEqual([]);

    // Shift+Enter adds a line; Enter sends.
    await composer().click();
    await page.keyboard.type('first line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    await expect(composer().inputValue()).resolves.toBe('first line\nsecond line');
    await composer().fill('Write the quarterly report');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/agents/${agentId}/chat/[0-9a-f-]{36}$`));
    chatUrl = page.url();
    await page.waitForFunction(() => document.querySelector('textarea')?.value === '');

    const turn = turns().last();
    await turn.getByTestId('user-message').getByText('Write the quarterly report').waitFor();
    await turn.getByTestId('skill-activation').getByText('Skill activated: chat-style').waitFor();
    // The plan streams in: seen while still growing, then whole.
    await turn.locator('[data-testid="assistant-text"][data-streaming="true"]').waitFor();
    await expect(composer().getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByRole('button', { name: 'Send' }).isDisabled()).resolves.toBe(true);
    await turn.getByText(PLAN_TEXT).waitFor();
    const card = turn.getByTestId('approval-card');
    await card.waitFor();
    await card.getByText('Allow write_file?').waitFor();
    await turn
      .locator('[data-testid="run-status"][data-status="waiting_approval"]')
      .getByText('Waiting for your approval')
      .waitFor();
    await expect(card.getByText('report.html').count()).resolves.toBeGreaterThan(0);
    // The card is in view, the keyboard on its first button (Deny: a stray Enter grants nothing).
    await expectApprovalInViewAndFocused(page);
    await shot(page, 'chat-approval');

    await page.reload();
    const again = turns().last();
    await again.getByTestId('approval-card').waitFor();
    await again.getByText(PLAN_TEXT).waitFor();
    await again.getByText('Skill activated: chat-style').waitFor();
    await expect(page.getByRole('button', { name: 'Stop' }).isVisible()).resolves.toBe(true);
    await expect(
      again.locator('[data-testid="tool-activity"][data-tool="write_file"]').getAttribute('data-status'),
    ).resolves.toBe('waiting');
    await expectApprovalInViewAndFocused(page);
    await shot(page, 'chat-approval-after-reload');
  });

  it('W4 the approval is granted: the run finishes, its HTML report opens sandboxed in a new tab', async () => {
    const { page, context } = user;
    const turn = turns().last();
    await turn.getByRole('button', { name: 'Allow once' }).click();
    await turn.getByText('The report is in report.html.').waitFor();
    await expect(turn.getByTestId('approval-card').count()).resolves.toBe(0);
    const tool = turn.locator('[data-testid="tool-activity"][data-tool="write_file"]');
    await expect(tool.getAttribute('data-status')).resolves.toBe('done');
    const files = turn.getByTestId('run-files');
    const link = files.getByRole('link', { name: 'Open report.html (new tab)' });
    await link.waitFor();
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/run-files\/[^/]+\/report\.html$/);
    const download = await context.request.get(`${serve.url}${href}`);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe(REPORT_HTML);
    expect(download.headers()['content-security-policy']).toMatch(/sandbox/);
    const [report] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await report.waitForLoadState();
    expect(new URL(report.url()).pathname).toBe(href);
    await report.close();
    // The tool line opens to show what was written and how it was allowed.
    await tool.locator('summary').click();
    await tool.getByText('Allowed by you').waitFor();
    await expect(composer().getAttribute('readonly')).resolves.toBeNull();
    await shot(page, 'chat-finished');

    // History persists: a reload shows the same turn from the stored messages.
    await page.reload();
    await turns().last().getByText('The report is in report.html.').waitFor();
    await turns().last().getByText('Skill activated: chat-style').waitFor();
    await turns().last().getByTestId('run-files').getByText('report.html').waitFor();
  });

  it('W4 “always allow” records the tool: the next write in the conversation runs without asking', async () => {
    const { page } = user;
    await send('Save my notes');
    const card = turns().last().getByTestId('approval-card');
    await card.waitFor();
    await card.getByRole('button', { name: 'Always allow write_file here' }).click();
    await lastTurnSettles('Notes saved.');
    const rules = page.getByTestId('always-rules');
    await rules.getByText('write_file').waitFor();

    await send('Save more notes');
    await lastTurnSettles('More notes saved.');
    const last = turns().last();
    await expect(last.getByTestId('approval-card').count()).resolves.toBe(0);
    const tool = last.locator('[data-testid="tool-activity"][data-tool="write_file"]');
    await expect(tool.getAttribute('data-status')).resolves.toBe('done');
    await last.getByTestId('run-files').getByRole('link', { name: 'Download more.md' }).waitFor();
    await tool.locator('summary').click();
    await tool.getByText('Allowed by your “always allow” rule').waitFor();
    // The server never stopped for approval: the run's events show the rule's decision.
    const runId = (await last.getAttribute('data-run'))!;
    const events = await user.context.request.get(`${serve.url}/api/runs/${runId}/events`);
    const body = await events.text();
    expect(body).toContain('"decidedBy":"rule"');
    expect(body).not.toContain('waiting_approval');
    await shot(page, 'chat-always-allowed');

    // Clearing the rule: the badge goes.
    await rules.getByRole('button', { name: 'Ask again before write_file' }).click();
    await rules.waitFor({ state: 'detached' });

    // Without the rule it asks again; denied with a reason, the model reads why.
    await send('Save my notes');
    const asked = turns().last().getByTestId('approval-card');
    await asked.waitFor();
    await asked.getByRole('button', { name: 'Deny' }).click();
    await asked.getByRole('textbox', { name: 'Why not (the agent reads it)' }).fill('Not in this folder');
    await asked.getByRole('button', { name: 'Deny the call' }).click();
    await lastTurnSettles('Notes saved.');
    const denied = turns().last().locator('[data-testid="tool-activity"][data-tool="write_file"]');
    await expect(denied.getAttribute('data-status')).resolves.toBe('denied');
    await denied.locator('summary').click();
    await denied.getByText('Denied by you: Not in this folder').waitFor();
    await denied.getByText('Not in this folder', { exact: false }).last().waitFor();
    const toolResults = model.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(
      JSON.stringify(toolResults.messages.filter((message) => message.role === 'tool').at(-1)),
    ).toContain('Not in this folder');
  });

  it('W4 a streaming answer is stopped with Stop; the conversation takes the next message', async () => {
    const { page } = user;
    // A short window: the conversation so far is taller than it, so following can be seen.
    await page.setViewportSize({ width: 1280, height: 480 });
    await send('Tell me a long story');
    const turn = turns().last();
    await turn.getByText('Once upon a time', { exact: false }).waitFor();
    await page.waitForFunction(() => document.documentElement.scrollHeight > window.innerHeight + 200);
    // The reader scrolls up to read; Stop brings the newest turn back into view.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Stop' }).click();
    await turn.locator('[data-testid="run-status"][data-status="cancelled"]').waitFor();
    await turn.getByText('Stopped', { exact: true }).waitFor();
    // What it said so far stays, marked; the stopped run may be retried (issue 25).
    await turn.getByTestId('partial-answer').getByText('Stopped — partial answer').waitFor();
    await turn.getByRole('button', { name: 'Retry' }).waitFor();
    await page.waitForFunction(
      () => document.documentElement.scrollHeight - (window.innerHeight + window.scrollY) <= 80,
    );
    await page.setViewportSize({ width: 1280, height: 800 });
    const shown = (await turn.getByTestId('assistant-text').last().textContent()) ?? '';
    expect(shown.length).toBeLessThan(STORY.length);
    await expect(page.getByRole('button', { name: 'Stop' }).count()).resolves.toBe(0);
    await expect(composer().getAttribute('readonly')).resolves.toBeNull();
  });

  it('W4 conversations are renamed, listed per agent, started anew and deleted after a confirmation', async () => {
    const { page } = user;
    const list = page.getByTestId('conversation-list');
    await list.getByRole('link', { name: 'Write the quarterly report' }).waitFor();
    // Each conversation shows when it was last active (issue 24), as a machine-readable <time>.
    const when = list.getByRole('link', { name: 'Write the quarterly report' }).locator('time');
    const stamp = (await when.getAttribute('datetime')) ?? '';
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
    await expect(when.textContent()).resolves.toMatch(/\d{1,2}:\d{2}/);
    await list.getByRole('button', { name: 'Actions for Write the quarterly report' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await title.fill('Quarterly');
    await page.keyboard.press('Enter');
    await list.getByRole('link', { name: 'Quarterly', exact: true }).waitFor();

    await page.getByRole('link', { name: 'New conversation' }).click();
    await page.getByText('Start the conversation').waitFor();
    await send('Hello there');
    await page.waitForURL((url) => url.href !== chatUrl && /chat\/[0-9a-f-]{36}$/.test(url.pathname));
    await lastTurnSettles('Hello from the fake model.');
    await list.getByRole('link', { name: 'Hello there' }).waitFor();
    await list.getByRole('button', { name: 'Actions for Hello there' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Hello there”?' });
    await dialog.getByRole('button', { name: 'Delete conversation' }).click();
    await list.getByRole('link', { name: 'Hello there' }).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/agents/${agentId}/chat`);
    await expect(list.getByRole('link').count()).resolves.toBe(1);
  });

  it('W4 the model answers with every widget type; a button and a valid form send user messages; a reload shows the widgets again', async () => {
    const { page, context } = user;
    let imageRequests = 0;
    await context.route(`${IMAGE_HOST}/**`, (route) => {
      imageRequests += 1;
      return route.fulfill({
        status: 200,
        contentType: 'image/svg+xml',
        body: picture(new URL(route.request().url()).pathname.slice(1)),
      });
    });
    await page.goto(`${serve.url}/agents/${agentId}/chat`);
    await page.getByText('Start the conversation').waitFor();
    await send('Show me the widgets');
    await page.waitForURL(/chat\/[0-9a-f-]{36}$/);
    const widgetsUrl = page.url();
    const turn = turns().last();
    await turn.getByText('Pick a slot above.').waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    const checkWidgets = async () => {
      const answer = turns().first();
      const requestsBefore = imageRequests;
      await expect(answer.locator('[data-widget-state="valid"]').count()).resolves.toBe(7);
      await answer.getByRole('heading', { name: 'Your overview' }).waitFor();
      await answer.getByText('Order 1042').waitFor();
      await answer.getByText('Shipped').waitFor();
      await answer.getByText('Two items, delivered by Friday').waitFor();
      // A picture loads only when asked: before the clicks not one request reached its site.
      const shows = answer.getByRole('button', { name: 'Show the image from images.example.test' });
      await expect(shows.count()).resolves.toBe(3);
      await expect(answer.locator('img').count()).resolves.toBe(0);
      expect(imageRequests).toBe(requestsBefore);
      await shows.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${ARTIFACTS}chat-widget-images-not-loaded.png` });
      for (let left = 3; left > 0; left -= 1) await shows.first().click();
      await expect(answer.getByRole('img', { name: 'The harbour at dusk' }).count()).resolves.toBe(1);
      await expect(answer.getByRole('img', { name: 'Front view' }).count()).resolves.toBe(1);
      await expect(answer.getByRole('img', { name: 'Side view' }).count()).resolves.toBe(1);
      await answer.getByRole('img', { name: /Bar chart “Support tickets by team/ }).waitFor();
      await answer.getByRole('img', { name: /Line chart “Beijing, daily temperature/ }).waitFor();
      await answer.getByText('Source: Helpdesk export, 2026-12-01').waitFor();
      await answer.getByRole('button', { name: 'Details' }).waitFor();
      await answer.getByRole('textbox', { name: 'Topic' }).waitFor();
      await expect(answer.getByRole('radio', { name: '1 hour' }).isChecked()).resolves.toBe(true);
    };
    await checkWidgets();
    await shot(page, 'chat-widgets');

    // A button sends its message as the user's.
    await turn.getByRole('button', { name: 'Details' }).click();
    await lastTurnSettles('Here are the details.');
    await turns().last().getByTestId('user-message').getByText('Show the details').waitFor();

    // The form checks required fields and the date range, then sends its answers as a user message.
    const first = turns().first();
    await first.getByRole('button', { name: 'Book' }).click();
    await first.getByText('Required').first().waitFor();
    await first.getByRole('textbox', { name: 'Topic' }).fill('Launch review');
    await first.getByLabel('Day').fill('2027-01-05');
    await first.getByRole('button', { name: 'Book' }).click();
    await first.getByText('Choose 2026-12-31 or earlier').waitFor();
    await first.getByLabel('Day').fill('2026-12-10');
    await first.getByRole('radio', { name: '2 hours' }).check();
    await first.getByRole('button', { name: 'Book' }).click();
    await first.getByText('Answers sent').waitFor();
    const answers = turns().last().getByTestId('user-message');
    await answers.getByText('Topic: Launch review', { exact: false }).waitFor();
    await expect(answers.textContent()).resolves.toMatch(/Day: 2026-12-10[\s\S]*Length: 2 hours/);
    await lastTurnSettles('Thanks, I have your answers:');
    await shot(page, 'chat-form-sent');

    // After a reload the widgets render again from the stored messages.
    await page.goto(widgetsUrl);
    await turns().first().getByText('Pick a slot above.').waitFor();
    await checkWidgets();
    await turns().last().getByText('Thanks, I have your answers:').waitFor();
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await shot(page, 'chat-widgets-dark');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  });

  it('W4 a sub-agent’s progress shows inline in its delegation call, collapsible', async () => {
    const { page } = user;
    await page.goto(`${serve.url}/agents/${coordinatorId}/chat`);
    await page.getByRole('heading', { name: 'Chat with Coordinator' }).waitFor();
    await send('Delegate the research');
    const turn = turns().last();
    const delegation = turn.locator('[data-testid="tool-activity"][data-tool="subagent__researcher"]');
    await delegation.waitFor();
    await delegation.locator('summary').first().click();
    const subagent = delegation.getByTestId('subagent');
    await subagent.getByText('Sub-agent Researcher').waitFor();
    // While it works its own steps stream inside: its tool call, then its text growing.
    await subagent.getByText('Working').waitFor();
    await subagent.locator('[data-testid="tool-activity"][data-tool="ls"][data-status="done"]').waitFor();
    await subagent.getByText('Wuxi lies', { exact: false }).waitFor();
    await shot(page, 'chat-subagent-working');
    await expect(subagent.getByText('Finished').count()).resolves.toBe(0);
    releaseSubagent();
    await lastTurnSettles('The researcher says: Wuxi lies on Taihu Lake.');
    await subagent.getByText('Finished').waitFor();
    await expect(delegation.getAttribute('data-status')).resolves.toBe('done');
    await subagent.locator('summary').first().click();
    await subagent.getByText(SUBAGENT_TEXT).waitFor();
    await shot(page, 'chat-subagent-finished');

    // After a reload its steps come from the stored conversation, folded until opened.
    await page.reload();
    const stored = turns().last().locator('[data-testid="tool-activity"][data-tool="subagent__researcher"]');
    await stored.locator('summary').first().click();
    const storedSubagent = stored.getByTestId('subagent');
    await storedSubagent.getByText('Sub-agent Researcher').waitFor();
    await storedSubagent.getByText('Finished').waitFor();
    await expect(storedSubagent.getByText(SUBAGENT_TEXT).isVisible()).resolves.toBe(false);
    await storedSubagent.locator('summary').first().click();
    await storedSubagent
      .locator('[data-testid="tool-activity"][data-tool="ls"][data-status="done"]')
      .waitFor();
    await storedSubagent.getByText(SUBAGENT_TEXT).waitFor();
    await shot(page, 'chat-subagent-stored');
  });

  it('W4 a failed run says why and what to do; the page in Chinese', async () => {
    const { page } = user;
    await page.goto(`${serve.url}/agents/${brokenAgentId}/chat`);
    await page.getByRole('heading', { name: 'Chat with Broken' }).waitFor();
    await send('Hello there');
    const failure = turns().last().getByTestId('run-error');
    await failure.waitFor();
    await failure.getByText("No model provider offers this agent's model.", { exact: false }).waitFor();
    await failure.getByText('model_provider_missing').waitFor();
    await expect(composer().getAttribute('readonly')).resolves.toBeNull();
    await shot(page, 'chat-failed');
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '与 Broken 对话' }).waitFor();
    await turns().last().getByText('没有模型提供方提供此智能体的模型', { exact: false }).waitFor();
    await shot(page, 'chat-failed-zh');
    await page.getByLabel('语言').selectOption('en');
    await page.getByRole('heading', { name: 'Chat with Broken' }).waitFor();
  });

  it('W4 a run that breaks off keeps its partial answer, marked; Retry answers the message again, also after a reload', async () => {
    const { page } = user;
    await page.goto(`${serve.url}/agents/${agentId}/chat`);
    await page.getByRole('heading', { name: 'Chat with Reporter' }).waitFor();
    await send('Break off once');
    const failed = turns().last();
    await failed.getByTestId('run-error').waitFor();
    await failed.getByTestId('partial-answer').getByText('Failed — partial answer').waitFor();
    const partial = (await failed.getByTestId('assistant-text').last().textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    expect('The first half of an answer that never ends').toContain(
      partial.replace('Failed — partial answer', '').trim(),
    );
    await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
    // After a reload the partial answer comes from the stored run, still marked.
    await page.reload();
    await turns().last().getByTestId('partial-answer').waitFor();
    await turns().last().getByText('The first half', { exact: false }).waitFor();
    await shot(page, 'chat-partial-failed');
    await page.getByRole('button', { name: 'Retry' }).click();
    await lastTurnSettles('The whole answer, this time.');
    await expect(turns().count()).resolves.toBe(2);
    // The retry answers the same message: one prompt in its turn, the failed one's.
    await expect(turns().last().getByTestId('user-message').count()).resolves.toBe(1);
    await expect(turns().last().getByTestId('user-message').textContent()).resolves.toContain(
      'Break off once',
    );
    // The answered retry is the latest run: nothing is offered again, and the failed turn keeps its mark.
    await expect(page.getByRole('button', { name: 'Retry' }).count()).resolves.toBe(0);
    await expect(turns().first().getByTestId('partial-answer').count()).resolves.toBe(1);
    expect(breakOffAsked).toBe(2);
  });

  it('W4 W6 the chat in the dark theme and at 360 px, the list in a drawer, with no console errors', async () => {
    const { page } = user;
    // A conversation opened under another agent's address moves to its own agent's.
    const quarterlyId = new URL(chatUrl).pathname.split('/').at(-1)!;
    await page.goto(`${serve.url}/agents/${coordinatorId}/chat/${quarterlyId}`);
    await page.waitForURL(chatUrl);
    await turns().first().getByText('The report is in report.html.').waitFor();
    // One that is not the user's (or does not exist) says so and offers a new one.
    const missing = crypto.randomUUID();
    await page.goto(`${serve.url}/agents/${agentId}/chat/${missing}`);
    await page.getByText('This conversation does not exist or is not yours.').waitFor();
    await page.getByRole('link', { name: 'Start a new conversation' }).waitFor();
    expect(watch.failedRequests.splice(0)).toEqual([`404 GET /api/conversations/${missing}`]);
    await page.goto(chatUrl);
    await turns().first().getByText('The report is in report.html.').waitFor();
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await shot(page, 'chat-dark');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 360, undefined, {
      timeout: 10_000,
    });
    await expect(page.getByTestId('conversation-list').count()).resolves.toBe(0);
    await shot(page, 'chat-360-dark');
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await page.getByRole('button', { name: 'Conversations' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await drawer.getByRole('link', { name: 'Quarterly', exact: true }).waitFor();
    // The drawer slides in: let it finish before the picture.
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${ARTIFACTS}chat-360-drawer.png` });
    await drawer.getByRole('link', { name: 'Quarterly', exact: true }).click();
    await drawer.waitFor({ state: 'hidden' });
    await shot(page, 'chat-360');
    await expect(unlabelledControls(page)).resolves.toEqual([]);
    expect(watch.problems).toEqual([]);
    expect(watch.failedRequests).toEqual([]);
  });
});
