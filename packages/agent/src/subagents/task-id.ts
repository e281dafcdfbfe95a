import { randomBytes } from 'node:crypto';
import type { TaskKind } from './background-task-host.js';

/** Task ids: `agent-<n>-<6 hex>` or `shell-<n>-<6 hex>`; nothing else is looked up. */
export const TASK_ID_PATTERN = /^(agent|shell)-[1-9][0-9]{0,5}-[0-9a-f]{6}$/;

/**
 * A new task id: its kind, its number in the session, and 6 random hex digits (so an id from an
 * earlier session is never mistaken for a new task).
 * @example createTaskId('agent', 3) // 'agent-3-9f2c1a'
 */
export function createTaskId(kind: TaskKind, sequence: number): string {
  return `${kind}-${sequence}-${randomBytes(3).toString('hex')}`;
}

/** The id as the model may be shown it: a hostile value is cut and quoted, never echoed raw. */
export function showTaskId(value: string): string {
  const cut = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return JSON.stringify(cut);
}
