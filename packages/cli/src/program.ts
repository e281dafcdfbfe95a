/** Builds the `skilldock` program and runs it; returns the exit code. */
export async function runCli(argv: readonly string[]): Promise<number> {
  void argv;
  return 0;
}
