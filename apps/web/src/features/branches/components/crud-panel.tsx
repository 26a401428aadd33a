import { CrudList, type CrudListProps } from '@/components/crud-list';

type CrudPanelProps<T extends { uuid: string }> = Omit<CrudListProps<T>, 'ns' | 'commonPrefix' | 'heading' | 'loadingRows' | 'deleteMessage' | 'section'> & {
  section: 'teams' | 'supervisors';
};

/** A settings tab of the branches namespace, under the panel's own title. */
export function CrudPanel<T extends { uuid: string }>(props: CrudPanelProps<T>) {
  return <CrudList<T> {...props} ns="branches" commonPrefix="" heading loadingRows={2} />;
}
