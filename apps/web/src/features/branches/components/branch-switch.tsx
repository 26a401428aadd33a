import { ActionIcon, Indicator, Menu, Select } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBuildingStore, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/features/auth/api/get-me';
import { useSwitchBranch } from '../api/current-branch';
import { ALL_BRANCHES, branchIdFromValue, branchSwitchOptions, branchSwitchValue, showsBranchSwitch } from '../lib/branch-switch';

/**
 * The top bar's branch switch: "all branches" or one of the user's branches; lists follow it. Hidden
 * for users with one branch or none. On phones it is an icon that opens the same choices as a menu.
 */
export function BranchSwitch() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const switchBranch = useSwitchBranch();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  if (!showsBranchSwitch(user)) return null;
  const value = branchSwitchValue(user);
  const options = branchSwitchOptions(user, t('topBar.allBranches'));
  const choose = (next: string | null) => {
    if (next && next !== value) switchBranch.mutate(branchIdFromValue(next));
  };
  const current = options.find((o) => o.value === value)?.label ?? '';

  if (isPhone) {
    return (
      <Menu position="bottom-end" width={240} shadow="md">
        <Menu.Target>
          <Indicator disabled={value === ALL_BRANCHES} size={8} offset={6} color="brand">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              loading={switchBranch.isPending}
              aria-label={`${t('topBar.branch')}: ${current}`}
              title={current}
              data-testid="branch-switch"
            >
              <IconBuildingStore size={20} />
            </ActionIcon>
          </Indicator>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('topBar.branch')}</Menu.Label>
          {options.map((o) => (
            <Menu.Item
              key={o.value}
              onClick={() => choose(o.value)}
              rightSection={o.value === value ? <IconCheck size={14} /> : null}
              fw={o.value === value ? 700 : undefined}
              data-testid={`branch-option-${o.value}`}
            >
              {o.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <Select
      data={options}
      value={value}
      onChange={choose}
      allowDeselect={false}
      disabled={switchBranch.isPending}
      aria-label={t('topBar.branch')}
      leftSection={<IconBuildingStore size={16} />}
      size="sm"
      w={200}
      comboboxProps={{ width: 240, position: 'bottom-end' }}
      data-testid="branch-switch"
    />
  );
}
