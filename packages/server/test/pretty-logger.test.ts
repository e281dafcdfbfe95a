import { describe, expect, it } from 'vitest';
import { createPrettyLogger } from '../src/index.js';

describe('createPrettyLogger', () => {
  it('O3 writes one line per entry: time, level, event and key=value fields, undefined ones left out', () => {
    const lines: string[] = [];
    const logger = createPrettyLogger((line) => lines.push(line));
    logger.info('request', {
      method: 'GET',
      route: '/api/runs/:id',
      status: 200,
      userId: null,
      runId: undefined,
    });
    logger.warn('run_failed', { runId: 'r-1' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}request method=GET route=\/api\/runs\/:id status=200 userId=null\n$/,
    );
    expect(lines[1]).toMatch(/ WARN {2}run_failed runId=r-1\n$/);
  });

  it('O3 quotes a value that could forge a line or a field', () => {
    const lines: string[] = [];
    createPrettyLogger((line) => lines.push(line)).error('request', {
      path: '/x\n12:00:00.000 INFO  forged admin=true',
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.split('\n')).toHaveLength(2);
    expect(lines[0]).toContain('path="/x\\n12:00:00.000 INFO  forged admin=true"');
  });
});
