import type { CatalogSnapshot } from '@skilldock/core/catalog';

/**
 * The tools a run has because of its skills (SPEC R6, Y17): every `tool_dependencies` entry of the
 * run's platform skills — shared, builtin and the bound skill — never of a personal skill, whose
 * platform dependencies are not read (seed 002: "个人 Skill 只作为用户文件读取，不解析这些平台依赖").
 * Seed 002 on progressive loading: "后续模型请求加入它声明的本地工具" — after a skill is activated the
 * next requests add the local tools it declares; until then they stay hidden (the skill session
 * gates them). A name no run tool has is simply never offered; the shell is never brought this way
 * (it exists only when an admin lists it for the agent).
 * @example runToolsForRun({ …, skillTools: skillDependencyTools(runCatalog.catalog) })
 */
export function skillDependencyTools(catalog: CatalogSnapshot): string[] {
  const names = new Set<string>();
  for (const skill of catalog.skills) {
    if (skill.origin.sourceType === 'personal') continue;
    for (const name of skill.fields.toolDependencies) names.add(name);
  }
  return [...names].sort();
}
