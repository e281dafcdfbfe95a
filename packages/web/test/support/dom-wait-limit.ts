/**
 * Every test file's setup (vitest `setupFiles`): in a DOM environment, Testing Library's `findBy…`
 * and `waitFor` wait up to 5 s instead of their 1 s default. A Mantine page renders in tens of
 * milliseconds on a quiet machine but took over a second on this 2-core machine at load ~15, and a
 * wait limit is not an assertion: what is awaited must still appear. Node-environment files skip it
 * (no document) and never load Testing Library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
