import { stat } from 'node:fs/promises';
import { writeFileAtomic } from '@skilldock/core/fs';
import { z } from 'zod';
import { confinePath } from '../policy/confine-path.js';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { errorResult, textResult } from './tool-results.js';

const schema = z.object({
  path: z.string().min(1).describe('File to write, relative to the project root or absolute.'),
  content: z.string().describe('The complete new content of the file.'),
});

/**
 * The `write_file` tool (SPEC G4): creates or replaces a whole file inside the project, creating
 * parent folders, atomically (temporary file + rename). The file is reported for path gating.
 */
export function createWriteFileTool(): AgentTool {
  return defineAgentTool({
    name: 'write_file',
    description:
      'Create a file or replace its whole content; parent folders are created. ' +
      'To change part of an existing file prefer the edit tool. Paths are relative to the project root.',
    kind: 'edit',
    schema,
    writeTargets: ({ path }) => [path],
    async execute({ path, content }, context) {
      const target = await confinePath(path, 'write', context);
      if (!target.ok) return errorResult(target.message);
      const existing = await stat(target.realPath).catch(() => undefined);
      if (existing?.isDirectory()) return errorResult(`${target.displayPath} is a folder, not a file.`);
      const { existed } = await writeFileAtomic(target.realPath, content);
      context.reportFiles([target.absolutePath]);
      const lines = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      const bytes = Buffer.byteLength(content);
      return textResult(
        `${existed ? 'Replaced' : 'Created'} ${target.displayPath} (${lines} lines, ${bytes} bytes).`,
      );
    },
  });
}
