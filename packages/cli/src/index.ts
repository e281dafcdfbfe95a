export type { CliEnvironment, CliEnvironmentOptions } from './cli-environment.js';
export { runCli } from './program.js';
