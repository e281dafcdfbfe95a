export { runCli } from './program.js';
