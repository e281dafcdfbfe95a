import { cp, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectToTeamSkills, EXAMPLE_FOLDER, type TeamSkillsConnection, tourTeamSkills } from '../client.js';

let base: string | undefined;
let connection: TeamSkillsConnection | undefined;
afterEach(async () => {
  await connection?.close();
  if (base !== undefined) await rm(base, { recursive: true, force: true });
  base = connection = undefined;
});

/** A copy of the example's skills folder (the test edits it) and an empty home, side by side. */
async function teamFolder(): Promise<{ folder: string; env: Record<string, string> }> {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'mcp-team-skills-')));
  const folder = path.join(base, 'team');
  const home = path.join(base, 'home');
  await mkdir(home);
  await cp(path.join(EXAMPLE_FOLDER, '.agents'), path.join(folder, '.agents'), { recursive: true });
  return { folder, env: { PATH: process.env.PATH ?? '', HOME: home, NO_COLOR: '1' } };
}

describe('examples/mcp-team-skills', () => {
  it('serves the team skills to the MCP SDK client over skilldock mcp, and announces a skill the team adds', async () => {
    const { folder, env } = await teamFolder();
    const notifications: string[] = [];
    let announced: () => void = () => undefined;
    const promptsChanged = new Promise<void>((resolve) => {
      announced = resolve;
    });
    connection = await connectToTeamSkills({
      folder,
      env,
      onNotification: (method) => {
        notifications.push(method);
        if (method === 'notifications/prompts/list_changed') announced();
      },
    });
    const tour = await tourTeamSkills(connection.client);
    expect(tour.instructions).toContain('<skill name="release-notes">Write release notes');
    expect(tour.instructions).toContain('<skill name="incident-report">');
    expect(tour.tools).toEqual(['activate_skill', 'read_skill_resource']);
    expect(tour.prompts).toEqual(['incident-report', 'release-notes']);
    expect(tour.resources).toEqual([
      'skills://catalog',
      'skill://incident-report/SKILL.md',
      'skill://release-notes/SKILL.md',
      'skill://release-notes/references/template.md',
    ]);
    expect(tour.activation).toContain('Sort each into Added, Changed, Fixed or Removed');
    expect(tour.activation).toContain('/.skills/release-notes/references/template.md');
    expect(tour.template).toContain('### Added');
    expect(tour.incidentPrompt).toContain('Write the incident report for "Checkout down for 20 minutes"');

    // The folder is read-only through the tools: a path out of it is refused as a tool error.
    const traversal = await connection.client.callTool({
      name: 'read_skill_resource',
      arguments: { path: '/.skills/release-notes/../../../../etc/passwd' },
    });
    expect(traversal.isError).toBe(true);
    expect(JSON.stringify(traversal.content)).not.toContain('root:');

    // A teammate adds a skill: every connected client hears of it and can use it.
    const folderOfSkill = path.join(folder, '.agents', 'skills', 'postmortem-review');
    await mkdir(folderOfSkill, { recursive: true });
    await writeFile(
      path.join(folderOfSkill, 'SKILL.md'),
      '---\nname: postmortem-review\ndescription: Review an incident report before it is published.\n---\nCheck every action has an owner.\n',
    );
    await promptsChanged;
    expect(notifications).toContain('notifications/resources/list_changed');
    const prompts = await connection.client.listPrompts();
    expect(prompts.prompts.map((prompt) => prompt.name)).toContain('postmortem-review');
    const activated = await connection.client.callTool({
      name: 'activate_skill',
      arguments: { name: 'postmortem-review' },
    });
    expect(JSON.stringify(activated.content)).toContain('Check every action has an owner.');
    expect(connection.log()).toContain('serving 2 skills on stdio');
  });
});
