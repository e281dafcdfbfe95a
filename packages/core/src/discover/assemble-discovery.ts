import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill } from '../format/types.js';
import type { SkillRootScan } from './scan-skill-root.js';
import type { Settings } from './settings.js';
import type { DiscoveryResult, InvalidSkill, SkillRootReport } from './types.js';

/** Inputs of {@link assembleDiscovery}. */
export interface AssembleDiscoveryInput {
  readonly sessionSkills: readonly Skill[];
  /** One scan per root, in precedence order. */
  readonly scans: readonly SkillRootScan[];
  readonly settings: Settings;
  /** Settings and trust notes found before the walk. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Flattens root scans into a discovery result: session skills first, then each root's skills in
 * folder order. A folder reached from two roots (through a link) counts once, for the first root.
 */
export function assembleDiscovery({
  sessionSkills,
  scans,
  settings,
  diagnostics,
}: AssembleDiscoveryInput): DiscoveryResult {
  const skills: Skill[] = [...sessionSkills];
  const invalid: InvalidSkill[] = [];
  const allDiagnostics: Diagnostic[] = [...diagnostics];
  const roots: SkillRootReport[] = [];
  const loadedFolders = new Set<string>();
  // With one non-empty root nothing can repeat: skip the bookkeeping on the refresh hot path.
  const checkRepeats = scans.filter((scan) => scan.results.size > 0).length > 1;
  for (const scan of scans) {
    allDiagnostics.push(...scan.diagnostics);
    let skillCount = 0;
    let invalidCount = 0;
    for (const [directory, result] of scan.results) {
      if (checkRepeats) {
        if (loadedFolders.has(directory)) continue;
        loadedFolders.add(directory);
      }
      if (result.ok) {
        skills.push(result.skill);
        skillCount++;
      } else {
        invalid.push({
          directory,
          sourceType: scan.located.root.sourceType,
          diagnostics: result.diagnostics,
        });
        allDiagnostics.push(...result.diagnostics);
        invalidCount++;
      }
    }
    roots.push({
      ...scan.located.root,
      status: scan.status,
      ...(scan.located.realDirectory === undefined ? {} : { realDirectory: scan.located.realDirectory }),
      skillCount,
      invalidCount,
    });
  }
  return { skills, invalid, diagnostics: allDiagnostics, roots, settings };
}
