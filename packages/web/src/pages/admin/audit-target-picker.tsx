import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgents } from '../../agents/agent-queries';
import { useSharedSkills } from '../../skills/skill-queries';
import { useUsers } from './admin-queries';

/** The kinds of audit target the picker offers by name. */
export type PickedTargetType = 'user' | 'skill' | 'agent';

/** One pickable target: its audit `targetType`, its id and the name people know it by. */
export interface NamedTarget {
  readonly type: PickedTargetType;
  readonly id: string;
  readonly name: string;
}

/** A picker value: `type:id` (an id never holds the first `:`'s meaning, the split is at the first). */
export function targetValue(type: string, id: string): string {
  return `${type}:${id}`;
}

/** The `targetType` and `targetId` of a picker value, or empty ones for none. */
export function targetOfValue(value: string | null): { targetType: string; targetId: string } {
  if (value === null) return { targetType: '', targetId: '' };
  const at = value.indexOf(':');
  return at < 0
    ? { targetType: '', targetId: '' }
    : { targetType: value.slice(0, at), targetId: value.slice(at + 1) };
}

/**
 * The picker's options, grouped by kind and sorted by name; a name shared by two targets of a kind
 * shows its id too, so the two can be told apart.
 */
export function auditTargetOptions(
  targets: readonly NamedTarget[],
  groupLabels: Readonly<Record<PickedTargetType, string>>,
) {
  return (['user', 'skill', 'agent'] as const)
    .map((type) => {
      const ofType = targets.filter((target) => target.type === type);
      const counts = new Map<string, number>();
      for (const target of ofType) counts.set(target.name, (counts.get(target.name) ?? 0) + 1);
      return {
        group: groupLabels[type],
        items: ofType
          .map((target) => ({
            value: targetValue(type, target.id),
            label: (counts.get(target.name) ?? 0) > 1 ? `${target.name} (${target.id})` : target.name,
          }))
          .sort((left, right) => left.label.localeCompare(right.label)),
      };
    })
    .filter((group) => group.items.length > 0);
}

/**
 * The audit filter's target, picked by name with a search box (issue 24): users by username,
 * shared skills by name, agents by name — instead of typing an id. Picking one sets both the
 * target type and id of the filter; clearing it removes both.
 */
export function AuditTargetPicker({
  targetType,
  targetId,
  onChange,
}: {
  readonly targetType: string;
  readonly targetId: string;
  readonly onChange: (target: { targetType: string; targetId: string }) => void;
}) {
  const { t } = useTranslation();
  const users = useUsers();
  const skills = useSharedSkills();
  const agents = useAgents();
  // Stable between renders: Select resets what was typed in its search box when its data changes.
  const data = useMemo(
    () =>
      auditTargetOptions(
        [
          ...(users.data ?? []).map((user) => ({ type: 'user' as const, id: user.id, name: user.username })),
          ...(skills.data ?? []).map((skill) => ({ type: 'skill' as const, id: skill.id, name: skill.name })),
          ...(agents.data ?? []).map((agent) => ({ type: 'agent' as const, id: agent.id, name: agent.name })),
        ],
        {
          user: t('admin.audit.targetUsers'),
          skill: t('admin.audit.targetSkills'),
          agent: t('admin.audit.targetAgents'),
        },
      ),
    [users.data, skills.data, agents.data, t],
  );
  const value = targetType === '' || targetId === '' ? null : targetValue(targetType, targetId);
  return (
    <Select
      label={t('admin.audit.target')}
      placeholder={t('admin.audit.targetSearch')}
      data={data}
      value={value}
      onChange={(next) => onChange(targetOfValue(next))}
      searchable
      clearable
      nothingFoundMessage={t('admin.audit.targetNone')}
      clearButtonProps={{ 'aria-label': t('admin.clear') }}
    />
  );
}
