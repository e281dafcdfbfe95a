/**
 * The browser-safe part of `@skilldock/core/format`: parsing and validating a SKILL.md text
 * without the file system, for the web app's live diagnostics (the same messages as the CLI). A
 * name with Chinese in it needs `providePinyin` first (Node loads pinyin on demand; a bundle cannot).
 */
import { sha256HexJs } from './sha256-hex-js.js';
import { provideSha256Hex } from './skill-id.js';

export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './diagnostic.js';
export {
  type NeutralizedPart,
  type NeutralizeTextOptions,
  neutralizeText,
  neutralizeTextParts,
} from './neutralize-text.js';
export { type ParseSkillOptions, parseSkill } from './parse-skill.js';
export { type PinyinFunction, pinyinAvailable, providePinyin } from './skill-id.js';
export type { ParseSkillResult, SkillFields } from './types.js';

// A bundle has no `node:crypto`: the id digest of a name without letters uses a JavaScript SHA-256.
provideSha256Hex(sha256HexJs);
