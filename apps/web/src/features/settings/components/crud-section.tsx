import { CrudList, type CrudListProps } from '@/components/crud-list';

type CrudSectionProps<T extends { uuid: string }> = Omit<CrudListProps<T>, 'ns' | 'commonPrefix' | 'testIds' | 'loadingRows'> & {
  /** `<testId>` on the section, `<testId>-add` on its add button, `<testId>-table` on its table. */
  testId: string;
};

/** A list of settings records (texts in the settings namespace, shared ones under `common.`). */
export function CrudSection<T extends { uuid: string }>({ testId, ...props }: CrudSectionProps<T>) {
  return <CrudList<T> {...props} ns="settings" commonPrefix="common." loadingRows={3} testIds={{ panel: testId, add: `${testId}-add`, table: `${testId}-table` }} />;
}
