import { ActionIcon, type ActionIconProps, Group, Table, type TableProps, type TableThProps, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A column heading: its label, or the label with `Table.Th` props (`ta`, `visibleFrom` …). */
export type ListColumn = string | ({ label: string } & Omit<TableThProps, 'children'>);

type ListTableProps = Omit<TableProps, 'children'> & {
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: readonly ListColumn[];
  /** The last column holds each row's actions; its heading is for screen readers only. */
  actions?: { label: string; width: number };
  children: ReactNode;
};

/** A list's table: headings, then the rows (`children`), each ending with its actions cell when it has `actions`. */
export function ListTable({ minWidth, columns, actions, children, ...tableProps }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing="md" {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const { label, ...thProps } = typeof column === 'string' ? { label: column } : column;
              return (
                <Table.Th key={label} {...thProps}>
                  {label}
                </Table.Th>
              );
            })}
            {actions && (
              <Table.Th w={actions.width}>
                <VisuallyHidden>{actions.label}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's action buttons, at the row's end. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}

type RowActionProps = Omit<ActionIconProps, 'children' | 'variant'> & {
  /** The tooltip and the accessible name. */
  label: string;
  icon: Icon;
  /** A link instead of a button. */
  to?: string;
  onClick?: () => void;
  'data-testid'?: string;
};

/** One icon button of a row, its label shown as a tooltip. */
export function RowAction({ label, icon: IconComp, to, ...props }: RowActionProps) {
  const icon = <IconComp size={18} />;
  return (
    <Tooltip label={label}>
      {to ? (
        <ActionIcon component={Link} to={to} variant="subtle" aria-label={label} {...props}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" aria-label={label} {...props}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
