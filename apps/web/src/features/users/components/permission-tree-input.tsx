import { PERMISSION_KEYS, permissionTree } from '@app/shared/permissions';
import { Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/use-locale';
import { groupState, selectedCount, toggleGroup, togglePermission } from '../lib/permission-tree';

const TREE = permissionTree();

type Props = {
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  readOnly?: boolean;
};

/**
 * The grouped checkbox tree of every permission key: a group's checkbox is indeterminate while
 * only some of its keys are chosen, and toggles all of them.
 */
export function PermissionTreeInput({ value, onChange, error, readOnly = false }: Props) {
  const { t } = useTranslation('users');
  const locale = useLocale();
  const total = PERMISSION_KEYS.length;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" c="dimmed" data-testid="perm-count">
          {t('roles.form.selectedCount', { count: value.length, total: formatNumber(total, locale) })}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="compact-sm" variant="subtle" onClick={() => onChange([...PERMISSION_KEYS])} data-testid="perm-all">
              {t('roles.form.selectAll')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onChange([])} data-testid="perm-none">
              {t('roles.form.clearAll')}
            </Button>
          </Group>
        )}
      </Group>
      {error && (
        <Text c="red" fz="sm" role="alert" data-testid="perm-error">
          {error}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {TREE.map((group) => {
          const keys = group.permissions.map((p) => p.key);
          const state = groupState(value, keys);
          return (
            <Card key={group.group} withBorder padding="sm" radius="md" data-testid={`perm-card-${group.group}`}>
              <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs">
                <Checkbox
                  label={group.label[locale]}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={() => onChange(toggleGroup(value, keys))}
                  disabled={readOnly}
                  fw={700}
                  data-testid={`perm-group-${group.group}`}
                />
                <Badge variant="light" color={state === 'none' ? 'gray' : 'brand'} size="sm" style={{ flexShrink: 0 }}>
                  {t('roles.form.groupCount', { count: formatNumber(selectedCount(value, keys), locale), total: formatNumber(keys.length, locale) })}
                </Badge>
              </Group>
              <Stack gap={6} ps="lg">
                {group.permissions.map((p) => (
                  <Checkbox
                    key={p.key}
                    size="sm"
                    label={p.label[locale]}
                    checked={value.includes(p.key)}
                    onChange={() => onChange(togglePermission(value, p.key))}
                    disabled={readOnly}
                    data-testid={`perm-${p.key}`}
                  />
                ))}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
