/** The error codes of a run's tools and files, added to core's registry (see `SkilldockErrorCodes`). */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** A run id that cannot name a work folder (SEC1). */
    readonly invalid_run_id: true;
    /** A run file download link that is malformed, forged or expired. */
    readonly run_file_link_invalid: true;
    /** The stored key that signs run file links is not 32 bytes: the settings row was changed by hand. */
    readonly run_file_signing_key_invalid: true;
    /** Run tools asked for folders that overlap or are not real folders. */
    readonly run_folders_invalid: true;
    /** bubblewrap is missing or cannot build a sandbox on this host: the shell stays off. */
    readonly sandbox_unavailable: true;
    /** An agent may use the network but slirp4netns is missing or cannot attach here: its shell runs without one. */
    readonly sandbox_network_unavailable: true;
    /** The server runs as root (where Linux ignores RLIMIT_NPROC) and no pids cgroup could be made: nothing stops a fork bomb. */
    readonly sandbox_process_limit_unenforced: true;
  }
}

export {};
