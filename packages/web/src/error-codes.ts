/**
 * The error codes the web app throws, added to core's registry (see `SkilldockErrorCodes`) so
 * every code any package throws is listed in one place.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** `useApi()` outside an `<ApiProvider>`: a page rendered without the app around it. */
    readonly api_provider_missing: true;
    /** A message's own send failed; the conversation shows why. */
    readonly chat_send_failed: true;
    /** New skill: the confirm answered without the skill it installed. */
    readonly skill_create_failed: true;
    /** New agent: the attached ZIP was refused, so the agent just created was deleted again (issue 24 item 5). */
    readonly agent_zip_refused: true;
    /** index.html has no `#root` element to render the app into. */
    readonly web_root_missing: true;
  }
}

export {};
