import { Alert, Group, MultiSelect, Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  makeScope,
  type ScopeKind,
  type ShareConfig,
  type ShareScope,
  scopeMembers,
  shareProblem,
} from './share-scope';

/** A department or user the pickers offer. */
export interface ScopeOption {
  readonly value: string;
  readonly label: string;
}

interface ScopeEditorProps {
  readonly value: ShareConfig;
  readonly onChange: (value: ShareConfig) => void;
  readonly departments: readonly ScopeOption[];
  readonly users: readonly ScopeOption[];
}

/**
 * Who may read and who may manage a shared skill (SPEC Y3). The manage pickers offer only what
 * the read scope allows, and a config the server would refuse is named below the fields.
 */
export function ScopeEditor({ value, onChange, departments, users }: ScopeEditorProps) {
  const { t } = useTranslation();
  const problem = shareProblem(value);
  const setRead = (readScope: ShareScope) => {
    // Manage follows read down: what read no longer lists, manage cannot keep.
    let { manageScope } = value;
    if (readScope.kind !== 'global') {
      const readable = new Set(scopeMembers(readScope));
      manageScope =
        manageScope.kind === readScope.kind
          ? makeScope(
              readScope.kind,
              scopeMembers(manageScope).filter((id) => readable.has(id)),
            )
          : makeScope(readScope.kind, []);
    }
    onChange({ readScope, manageScope });
  };
  const readMembers = new Set(scopeMembers(value.readScope));
  const manageOptions = (kind: ScopeKind) => {
    const all = kind === 'departments' ? departments : users;
    return value.readScope.kind === 'global' ? all : all.filter((option) => readMembers.has(option.value));
  };
  return (
    <Stack gap="md">
      <ScopeField
        legend={t('share.read')}
        scope={value.readScope}
        onChange={setRead}
        kinds={['global', 'departments', 'users']}
        options={(kind) => (kind === 'departments' ? departments : users)}
      />
      <ScopeField
        legend={t('share.manage')}
        scope={value.manageScope}
        onChange={(manageScope) => onChange({ ...value, manageScope })}
        kinds={
          value.readScope.kind === 'global' ? ['global', 'departments', 'users'] : [value.readScope.kind]
        }
        options={manageOptions}
      />
      {problem === null ? null : (
        <Alert color="red" role="alert" data-testid="share-problem">
          {problem.kind === 'emptyRead'
            ? t('share.problem.emptyRead')
            : problem.kind === 'manageKind'
              ? t('share.problem.manageKind', { kind: t(`share.kind.${problem.needs}`) })
              : t('share.problem.manageOutside', { count: problem.count })}
        </Alert>
      )}
    </Stack>
  );
}

function ScopeField({
  legend,
  scope,
  onChange,
  kinds,
  options,
}: {
  readonly legend: string;
  readonly scope: ShareScope;
  readonly onChange: (scope: ShareScope) => void;
  readonly kinds: readonly ScopeKind[];
  readonly options: (kind: ScopeKind) => readonly ScopeOption[];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group
        label={legend}
        value={scope.kind}
        onChange={(kind) =>
          onChange(makeScope(kind as ScopeKind, kind === scope.kind ? scopeMembers(scope) : []))
        }
      >
        <Group gap="md" mt={4}>
          {kinds.map((kind) => (
            <Radio key={kind} value={kind} label={t(`share.kind.${kind}`)} />
          ))}
        </Group>
      </Radio.Group>
      {scope.kind === 'global' ? null : (
        <MultiSelect
          label={t(scope.kind === 'departments' ? 'share.pickDepartments' : 'share.pickUsers', {
            scope: legend,
          })}
          data={options(scope.kind).map((option) => ({ value: option.value, label: option.label }))}
          value={[...scopeMembers(scope)]}
          onChange={(members) => onChange(makeScope(scope.kind, members))}
          searchable
          clearable
          nothingFoundMessage={t('share.nothingFound')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
